import type { Message } from '@parley/core/entities';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, renderAnswer } from './answer-item';
import { renderWithChat } from './render-chat';
import { MessageItem } from '../../src/features/chat/MessageItem';
import type { ChatActions } from '../../src/features/chat/use-chat-actions';

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

describe('Continue on an answer cut at the max-tokens limit (RQ4)', () => {
  function renderCut(message: Message, place: { busy: boolean; isLast: boolean }) {
    const continueAnswer = vi.fn();
    const actions = new Proxy({ continueAnswer } as Partial<ChatActions>, {
      get: (target, key: keyof ChatActions) => target[key] ?? vi.fn(),
    }) as ChatActions;
    const view = renderWithChat(<MessageItem message={message} actions={actions} {...place} />);
    return { view, continueAnswer, button: view.queryByRole('button', { name: 'Continue' }) };
  }

  it('the last answer, with nothing streaming, offers Continue in its note; pressing it continues', () => {
    const { view, continueAnswer, button } = renderCut(answer({ finish: 'length' }), {
      busy: false,
      isLast: true,
    });
    expect(button && view.getByRole('note').contains(button)).toBe(true);
    fireEvent.click(button!);
    expect(continueAnswer).toHaveBeenCalledTimes(1);
  });

  it('an earlier answer, or any answer while one streams, has the note without Continue', () => {
    for (const place of [
      { busy: false, isLast: false },
      { busy: true, isLast: true },
    ]) {
      const { view, button } = renderCut(answer({ finish: 'length' }), place);
      expect(view.getByRole('note').textContent).toMatch(/length limit/);
      expect(button).toBeNull();
      view.unmount();
    }
  });

  it('other endings are not continued', () => {
    for (const fields of [
      { finish: 'content_filter' },
      { finish: 'refusal' },
      { finish: 'stop', content: '' },
    ]) {
      const { view, button } = renderCut(answer(fields), { busy: false, isLast: true });
      expect(view.queryByRole('note')).not.toBeNull();
      expect(button).toBeNull();
      view.unmount();
    }
  });
});
