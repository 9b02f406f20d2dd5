/**
 * Deterministic chats of realistic size for the storage benchmark: 5–60 messages of 50–2,000
 * characters, skewed towards the short end as real chats are, about 10 kB per chat on average (the
 * spec's "100 MB is about 10,000 chats"). Runs in the page (bundled with the seeding script).
 */
import { seededRandom } from './seeded-random';
const WORDS = (
  'the a model answer question code function value data chat window browser storage local index ' +
  'query result error message user assistant system prompt token context limit stream request ' +
  'response because therefore however example consider explain simple quickly carefully table ' +
  'list item number string object array return const let await async import export type interface'
).split(' ');

const MODELS = [
  'gpt-4-turbo',
  'gpt-4',
  'gpt-3.5-turbo',
  'claude-3-opus',
  'claude-3-sonnet',
  'gemini-1.5-pro',
];

function text(random: () => number, length: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    const word = WORDS[Math.floor(random() * WORDS.length)] ?? 'word';
    parts.push(word);
    size += word.length + 1;
  }
  return parts.join(' ').slice(0, length);
}

export const BENCH_EPOCH = Date.parse('2024-01-01T00:00:00.000Z');
const TWO_YEARS_MS = 2 * 365 * 86_400_000;

export interface BenchMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  model?: string;
  createdAt: string;
  updatedAt: string;
}

export interface BenchChat {
  id: string;
  chatID: string;
  chatTitle: string;
  model: string;
  createdAt: string;
  updatedAt: string;
  messages: BenchMessage[];
}

/** Chat number `index` of a data set; the same (seed, index) always gives the same chat. */
export function benchChat(seed: number, index: number): BenchChat {
  const random = seededRandom(seed * 1_000_003 + index);
  const messageCount = 5 + Math.floor(55 * random() ** 3);
  const model = MODELS[Math.floor(random() * MODELS.length)] ?? 'gpt-4-turbo';
  const created = BENCH_EPOCH + Math.floor(random() * TWO_YEARS_MS);
  const messages: BenchMessage[] = [];
  for (let m = 0; m < messageCount; m++) {
    const at = new Date(created + m * 60_000).toISOString();
    const role = m % 2 === 0 ? 'user' : 'assistant';
    messages.push({
      id: `msg-${index}-${m}`,
      role,
      content: text(random, 50 + Math.floor(1950 * random() ** 4)),
      ...(role === 'assistant' ? { model } : {}),
      createdAt: at,
      updatedAt: at,
    });
  }
  const id = `ch-bench-${index}`;
  const updatedAt = new Date(created + messageCount * 60_000).toISOString();
  return {
    id,
    chatID: id,
    chatTitle: text(random, 20 + Math.floor(random() * 40)),
    model,
    createdAt: new Date(created).toISOString(),
    updatedAt,
    messages,
  };
}
