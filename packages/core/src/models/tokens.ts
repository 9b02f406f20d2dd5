/**
 * Rough token counts without a tokenizer (spec section 9): the larger of 1.33 × words and
 * characters / 4, rounded up. Used for the context-limit check and cost previews, never billing.
 */

const WORD_FACTOR = 1.33;
const CHARS_PER_TOKEN = 4;

function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Whitespace as in /\s/ for the ASCII range plus NBSP; enough for a word estimate.
    const space = c === 32 || (c >= 9 && c <= 13) || c === 160;
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}

export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  return Math.ceil(Math.max(WORD_FACTOR * countWords(text), text.length / CHARS_PER_TOKEN));
}

/** The text of one message as the model sees it, in the shapes the chat messages come in. */
export interface TokenCountableMessage {
  content: string | null | readonly { type: string; text?: string }[];
  function_call?: { name: string; arguments: string } | undefined;
  tool_calls?: readonly { name: string; arguments: string }[] | undefined;
}

function messageText(message: TokenCountableMessage): string {
  const parts: string[] = [];
  const { content } = message;
  if (typeof content === 'string') parts.push(content);
  else if (content) for (const part of content) if (typeof part.text === 'string') parts.push(part.text);
  if (message.function_call) parts.push(message.function_call.name, message.function_call.arguments);
  for (const call of message.tool_calls ?? []) parts.push(call.name, call.arguments);
  return parts.join('\n');
}

/** Sum of the per-message estimates (TK2); images and other non-text parts count zero. */
export function estimateMessagesTokens(messages: readonly TokenCountableMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimateTokens(messageText(message));
  return total;
}
