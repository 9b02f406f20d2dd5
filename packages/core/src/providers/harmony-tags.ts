/**
 * ST28: gpt-oss speaks OpenAI's harmony format. A server that does not parse it (llama.cpp or vLLM
 * without the gpt-oss parser, some proxies) streams the tags as plain content:
 * `<|channel|>analysis<|message|>…<|end|><|start|>assistant<|channel|>final<|message|>…<|return|>`.
 * The `analysis` and `commentary` channels are reasoning, `final` (or a message without a channel)
 * is the answer; headers (`<|start|>assistant`, `to=functions.x`, `<|constrain|>json`) are dropped.
 * Tags may be split anywhere across deltas: a possible tag start at the end of what came is held.
 */

const TAGS = [
  '<|start|>',
  '<|channel|>',
  '<|message|>',
  '<|end|>',
  '<|return|>',
  '<|call|>',
  '<|constrain|>',
] as const;
type Tag = (typeof TAGS)[number];

/** The tags a harmony answer may begin with (after blank space). */
export const HARMONY_OPENERS: readonly string[] = ['<|start|>', '<|channel|>'];

const REASONING_CHANNELS: ReadonlySet<string> = new Set(['analysis', 'commentary']);

/** The longest end of `text` that could be the start of a tag. */
function heldTagStart(text: string): number {
  const from = text.lastIndexOf('<');
  if (from === -1 || text.length - from >= 14) return 0;
  const tail = text.slice(from);
  return TAGS.some((tag) => tag.startsWith(tail)) ? tail.length : 0;
}

function nextTag(text: string): { at: number; tag: Tag } | undefined {
  let at = text.indexOf('<|');
  while (at !== -1) {
    const tag = TAGS.find((candidate) => text.startsWith(candidate, at));
    if (tag) return { at, tag };
    at = text.indexOf('<|', at + 2);
  }
  return undefined;
}

export class HarmonySplitter {
  /** header: between `<|start|>`/`<|channel|>` and `<|message|>`; body: a message; between: after its end. */
  private state: 'header' | 'body' | 'between' = 'between';
  private header = '';
  private toReasoning = false;
  private pending = '';

  constructor(
    private readonly onText: (text: string) => void,
    private readonly onReasoning: (text: string) => void,
  ) {}

  push(chunk: string): void {
    this.pending += chunk;
    for (;;) {
      const found = nextTag(this.pending);
      if (!found) break;
      this.content(this.pending.slice(0, found.at));
      this.pending = this.pending.slice(found.at + found.tag.length);
      this.tag(found.tag);
    }
    const keep = heldTagStart(this.pending);
    this.content(this.pending.slice(0, this.pending.length - keep));
    this.pending = this.pending.slice(this.pending.length - keep);
  }

  /** End of input: a message cut short keeps what came; an unfinished header is dropped. */
  flush(): void {
    const rest = this.pending;
    this.pending = '';
    this.content(rest);
  }

  private content(text: string): void {
    if (text === '') return;
    if (this.state === 'header') this.header += text;
    else if (this.state === 'body') (this.toReasoning ? this.onReasoning : this.onText)(text);
    else if (text.trim() !== '') this.onText(text); // words outside any message are shown, not lost
  }

  private tag(tag: Tag): void {
    switch (tag) {
      case '<|start|>':
        this.state = 'header';
        this.header = '';
        return;
      case '<|channel|>':
      case '<|constrain|>':
        // A channel after a message without its end tag starts the next message's header.
        if (this.state !== 'header') {
          this.state = 'header';
          this.header = '';
        }
        this.header += tag;
        return;
      case '<|message|>': {
        const channel = /<\|channel\|>\s*([A-Za-z_]+)/.exec(this.header)?.[1]?.toLowerCase();
        this.toReasoning = channel !== undefined && REASONING_CHANNELS.has(channel);
        this.state = 'body';
        this.header = '';
        return;
      }
      default:
        // <|end|>, <|return|>, <|call|>: the message is over.
        this.state = 'between';
    }
  }
}
