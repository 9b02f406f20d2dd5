/**
 * Deterministic, realistic chats for the sync benchmark: 2-30 messages each, short user turns and
 * longer assistant answers, about 10 KB of JSON per chat on average (the catalogue's "100 MB is
 * about 10,000 chats").
 */
import { seededRandom } from '../lib/seeded-random';
const WORDS =
  'the of and to in is you that it he was for on are as with his they at be this have from or one had by word but not what all were we when your can said there use an each which she do how their if will up other about out many then them these so some her would make like him into time has look two more write go see number no way could people my than first water been call who oil its now find long down day did get come made may part'.split(
    ' ',
  );

function text(random: () => number, approxChars: number): string {
  const words: string[] = [];
  let length = 0;
  while (length < approxChars) {
    const word = WORDS[Math.floor(random() * WORDS.length)]!;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ');
}

const BASE_TIME = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

export type BenchMessage = Record<string, unknown> & { id: string; createdAt: string; updatedAt: string };
export type BenchChat = Record<string, unknown> & { id: string; updatedAt: string; messages: BenchMessage[] };

export function benchMessage(
  chatIndex: number,
  index: number,
  at: number,
  random: () => number,
): BenchMessage {
  const user = index % 2 === 0;
  return {
    id: `msg-${chatIndex}-${index}`,
    role: user ? 'user' : 'assistant',
    content: text(random, user ? 40 + random() * 200 : 200 + random() * 1200),
    model: user ? undefined : 'gpt-4-turbo',
    usage: user ? undefined : { prompt_tokens: 120, completion_tokens: 380, total_tokens: 500 },
    createdAt: iso(at),
    updatedAt: iso(at),
  };
}

export function benchChats(count: number, seed = 1): BenchChat[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, chatIndex) => {
    const start = BASE_TIME + chatIndex * 60_000;
    const messageCount = 2 + Math.floor(random() * 29);
    const messages = Array.from({ length: messageCount }, (_, index) =>
      benchMessage(chatIndex, index, start + index * 1000, random),
    );
    const id = `ch-bench-${chatIndex}`;
    return {
      id,
      chatID: id,
      chatTitle: text(random, 30),
      folderID: null,
      model: 'gpt-4-turbo',
      createdAt: iso(start),
      updatedAt: iso(start + messageCount * 1000),
      deletedAt: null,
      syncedAt: null,
      messages,
      tags: [],
    };
  });
}
