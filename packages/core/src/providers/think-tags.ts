import { HARMONY_OPENERS, HarmonySplitter } from './harmony-tags';

/**
 * ST26: servers that do not parse reasoning themselves (Together and Hugging Face serving
 * DeepSeek-R1, vLLM without a reasoning parser, Groq's raw format, older Ollama and LM Studio)
 * stream it inside the answer as `<think>…</think>`. When the answer begins with that tag, what
 * lies inside is reasoning; the tags may be split anywhere across deltas.
 */

const OPEN = '<think>';
const CLOSE = '</think>';
/** Every opener an answer's reasoning may begin with: `<think>`, or a harmony tag (ST28). */
const OPENERS = [OPEN, ...HARMONY_OPENERS];

/** The length of the longest end of `text` that could be the start of `tag`. */
function partialTagAtEnd(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}

export class ThinkTagSplitter {
  /** start: nothing but whitespace yet; think: inside the tags; after: right after them. */
  private state: 'start' | 'think' | 'after' | 'text' | 'harmony' = 'start';
  private pending = '';
  private harmony: HarmonySplitter | undefined;

  constructor(
    private readonly onText: (text: string) => void,
    private readonly onReasoning: (text: string) => void,
  ) {}

  push(chunk: string): void {
    if (chunk === '') return;
    if (this.state === 'text') {
      this.onText(chunk);
      return;
    }
    if (this.harmony) {
      this.harmony.push(chunk);
      return;
    }
    this.pending += chunk;
    if (this.state === 'start') this.fromStart();
    if (this.state === 'think') this.inThink();
    if (this.state === 'after') this.afterThink();
  }

  /** End of input: whatever was held back is given as what it was taken for. */
  flush(): void {
    if (this.harmony) {
      this.harmony.flush();
      return;
    }
    const rest = this.pending;
    this.pending = '';
    if (rest === '') return;
    if (this.state === 'think') this.onReasoning(rest);
    else if (this.state !== 'after') this.onText(rest);
  }

  private fromStart(): void {
    const trimmed = this.pending.trimStart();
    if (trimmed === '' || OPENERS.some((tag) => tag.startsWith(trimmed))) return; // may still become a tag
    if (HARMONY_OPENERS.some((tag) => trimmed.startsWith(tag))) {
      this.state = 'harmony';
      this.pending = '';
      this.harmony = new HarmonySplitter(this.onText, this.onReasoning);
      this.harmony.push(trimmed);
      return;
    }
    if (trimmed.startsWith(OPEN)) {
      this.state = 'think';
      this.pending = trimmed.slice(OPEN.length);
      return;
    }
    this.state = 'text';
    const text = this.pending;
    this.pending = '';
    this.onText(text);
  }

  private inThink(): void {
    const end = this.pending.indexOf(CLOSE);
    if (end >= 0) {
      const reasoning = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + CLOSE.length);
      this.state = 'after';
      if (reasoning !== '') this.onReasoning(reasoning);
      return;
    }
    const keep = partialTagAtEnd(this.pending, CLOSE);
    const reasoning = this.pending.slice(0, this.pending.length - keep);
    this.pending = this.pending.slice(this.pending.length - keep);
    if (reasoning !== '') this.onReasoning(reasoning);
  }

  /** The blank lines between `</think>` and the answer are not part of the answer. */
  private afterThink(): void {
    const text = this.pending.trimStart();
    this.pending = '';
    if (text === '') return;
    this.state = 'text';
    this.onText(text);
  }
}
