import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ThinkTagSplitter } from '../../src/providers/think-tags';
import { assemble } from './stream-helpers';

/** `<think>` tags inside OpenAI-family content (SPEC.md ST26). */

const sse = (...contents: (string | null)[]) =>
  contents
    .map((content, i) => {
      const finish = i === contents.length - 1 ? 'stop' : null;
      return `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
    })
    .join('') + 'data: [DONE]\n\n';

function split(chunks: readonly string[]): { text: string; reasoning: string } {
  const out = { text: '', reasoning: '' };
  const splitter = new ThinkTagSplitter(
    (t) => (out.text += t),
    (t) => (out.reasoning += t),
  );
  for (const chunk of chunks) splitter.push(chunk);
  splitter.flush();
  return out;
}

describe('ST26 <think> at the start of the answer is reasoning', () => {
  it('ST26 DeepSeek-R1 on Together: <think>, reasoning, </think>, blank lines, answer', async () => {
    const s = await assemble(
      sse('<think>', '\n', 'Okay', ', the user asked.', '\n', '</think>', '\n\n', 'Look both', ' ways.'),
      'openai',
      [],
      'custom',
    );
    expect([s.reasoning, s.text, s.finish]).toEqual(['\nOkay, the user asked.\n', 'Look both ways.', 'stop']);
  });

  it('ST26 tags split anywhere across deltas give the same result', () => {
    const whole = '\n<think>plan a < b</think>\n\nAnswer <b>bold</b>';
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: whole.length - 1 }), { maxLength: 12 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks = [0, ...points].map((start, i) => whole.slice(start, points[i] ?? whole.length));
        expect(split(chunks)).toEqual({ reasoning: 'plan a < b', text: 'Answer <b>bold</b>' });
      }),
    );
  });

  it('ST26 a <think> that does not open the answer is text', () => {
    expect(split(['Use the ', '<think>', ' tag.'])).toEqual({ text: 'Use the <think> tag.', reasoning: '' });
  });

  it('ST26 content that only looks like the start of the tag is text', () => {
    expect(split(['<th', 'ree>'])).toEqual({ text: '<three>', reasoning: '' });
    expect(split(['<'])).toEqual({ text: '<', reasoning: '' });
  });

  it('ST26 a stream that ends inside the tags keeps the reasoning', async () => {
    const s = await assemble(sse('<think>', 'still thinking', '</thi'), 'openai', [], 'custom');
    expect([s.reasoning, s.text]).toEqual(['still thinking</thi', '']);
  });

  it('ST26 a whole (non-streaming) message with tags is split the same way', () => {
    expect(split(['<think>why</think>\n\nbecause'])).toEqual({ reasoning: 'why', text: 'because' });
  });
});
