import type { Message } from '@parley/core/entities';
import { describe, expect, it } from 'vitest';
import { answer, renderAnswer } from '../../../test/chat/answer-item';

function noteOf(message: Message, live = false) {
  const view = renderAnswer(message, live);
  const note = view.queryByRole('note');
  const text = note?.textContent ?? null;
  view.unmount();
  return text;
}

describe('Why an answer ended early', () => {
  it('an answer cut at the max-tokens limit says so and where to raise it', () => {
    expect(noteOf(answer({ finish: 'length' }))).toMatch(/length limit.*Max tokens/);
  });

  it("the provider's content filter and a refusal each say what happened", () => {
    expect(noteOf(answer({ finish: 'content_filter', content: '' }))).toMatch(/content filter/);
    expect(noteOf(answer({ finish: 'refusal' }))).toMatch(/declined/);
  });

  it('a finished answer with no text and no tool call says it came back empty', () => {
    expect(noteOf(answer({ finish: 'stop', content: '' }))).toMatch(/empty answer.*Regenerate/);
    expect(noteOf(answer({ finish: 'stop', content: '  \n' }))).toMatch(/empty answer/);
    expect(noteOf(answer({ finish: 'stopped', content: '' }))).toBeNull();
    expect(noteOf(answer({ finish: null, content: '' }))).toBeNull();
    expect(
      noteOf(
        answer({
          finish: 'tool_calls',
          content: '',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{}' } }],
        }),
      ),
    ).toBeNull();
  });

  it('a normal finish, a stopped answer, a failed one and a streaming one show no note', () => {
    expect(noteOf(answer({ finish: 'stop' }))).toBeNull();
    expect(noteOf(answer({ finish: 'stopped' }))).toBeNull();
    expect(
      noteOf(answer({ finish: 'length', error: { code: 'stream_interrupted', message: '' } })),
    ).toBeNull();
    expect(noteOf(answer({ finish: 'length' }), true)).toBeNull();
  });
});
