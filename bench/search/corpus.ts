/**
 * A deterministic synthetic chat corpus for the search benchmark: 10,000 chats of ~10 kB text
 * each (~100 MB), message counts skewed like real use (most chats short, a few very long),
 * mostly English with code, some French/Spanish/German accents, Japanese and Chinese, and emoji.
 * Runs in Node and in the browser (bundled with the harness).
 */
import { seededRandom } from '../lib/seeded-random';

export interface CorpusMessage {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly text: string;
}

export interface CorpusChat {
  readonly id: string;
  readonly title: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly archivedAt: string | null;
  readonly deletedAt: string | null;
  readonly messages: readonly CorpusMessage[];
}

const HEAD_WORDS = 150;
const TOPIC_WORDS = 600;

const COMMON = (
  'the be to of and a in that have it for not on with he as you do at this but his by from they we say her ' +
  'she or an will my one all would there their what so up out if about who get which go me when make can ' +
  'like time no just him know take people into year your good some could them see other than then now look ' +
  'only come its over think also back after use two how our work first well way even new want because any ' +
  'these give day most us is are was were been has had did does function value return error file data ' +
  'string number array object class method server client request response database query index search ' +
  'react component state props hook effect render update delete create list table column row memory ' +
  'performance cache thread worker async await promise token model prompt context message chat user ' +
  'system assistant example explain question answer problem solution code test build deploy config'
).split(' ');
const ACCENTED = (
  'café résumé naïve façade déjà élève crème brûlée über straße Zürich São Paulo niño señor año ' +
  'mañana corazón français garçon hôtel fenêtre Größe schön Müller Ångström smörgåsbord'
).split(' ');
const CJK = (
  '東京 大阪 京都 会社 問題 技術 開発 日本語 中国語 東京タワー 新幹線 コンピューター プログラム データ ' +
  '検索 機能 説明 質問 回答 ありがとう こんにちは 今日 明日 天気 電車 学校 先生 学生 北京 上海 ' +
  '你好 谢谢 数据库 服务器 人工智能 机器学习 编程 语言 问题 解决'
).split(' ');
const EMOJI = ['😀', '🎉', '👍🏽', '👨‍👩‍👧', '🇫🇷', '❤️', '🚀', '🤔', '✅', '🔥'];
const LETTERS =
  'eeeeeeeeeeeetttttttttaaaaaaaaoooooooiiiiiiinnnnnnnssssssrrrrrrhhhhhlllldddcccuuummwwffggyyppbbvkjxqz';
const VOWELS = 'aeiouy';

/**
 * A long tail of made-up words with English letter frequencies, standing in for the names and
 * jargon that make real queries selective.
 */
function makeRareWords(random: () => number, count: number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    let word = '';
    const length = 3 + Math.floor(random() * 9);
    for (let i = 0; i < length; i++) {
      const letter = LETTERS[Math.floor(random() * LETTERS.length)]!;
      // Mostly alternate consonants and vowels, so words look pronounceable.
      word += i % 2 === 1 && random() < 0.7 ? VOWELS[Math.floor(random() * VOWELS.length)]! : letter;
    }
    words.add(word);
  }
  return [...words];
}

export interface CorpusOptions {
  /** Real word frequencies (most frequent first) the English text is drawn from. */
  readonly vocabulary: readonly (readonly [string, number])[];
  readonly chats?: number;
  /** Average message text per chat in UTF-16 units. */
  readonly unitsPerChat?: number;
  readonly seed?: number;
}

export interface Corpus {
  readonly chats: CorpusChat[];
  readonly rareWords: readonly string[];
  readonly vocabulary: readonly string[];
  readonly textUnits: number;
  readonly utf8Bytes: number;
}

export function generateCorpus(options: CorpusOptions): Corpus {
  const chatCount = options.chats ?? 10_000;
  const unitsPerChat = options.unitsPerChat ?? 8_000;
  const random = seededRandom(options.seed ?? 42);
  const rareWords = makeRareWords(random, 30_000);
  const vocabulary = options.vocabulary.map(([text]) => text);
  const sampler = (words: readonly (readonly [string, number])[]) => {
    const cumulative: number[] = [];
    let sum = 0;
    for (const [, count] of words) cumulative.push((sum += count));
    return (): string => {
      const target = random() * sum;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (cumulative[mid]! <= target) low = mid + 1;
        else high = mid;
      }
      return words[low]![0];
    };
  };
  // Function words are shared by every chat; the rest comes from the chat's topic, a random slice
  // of the vocabulary, so a word like "component" shows up in some chats and not in others.
  const headWord = sampler(options.vocabulary.slice(0, HEAD_WORDS));
  const tail = options.vocabulary.slice(HEAD_WORDS);
  for (let i = tail.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [tail[i], tail[j]] = [tail[j]!, tail[i]!];
  }
  let topicWord = headWord;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Zipf-like (log-uniform rank): low indexes far more often.
  const zipf = <T>(list: readonly T[]): T => list[Math.floor(list.length ** random()) - 1]!;

  // flavour: < 0.05 Japanese/Chinese, < 0.1 accented European words, > 0.85 emoji user.
  const word = (flavour: number): string => {
    const r = random();
    if (flavour < 0.05 && r < 0.5) return pick(CJK);
    if (flavour < 0.1 && r < 0.2) return pick(ACCENTED);
    if (flavour > 0.85 && r < 0.02) return pick(EMOJI);
    if (r < 0.03) return pick(rareWords);
    if (r < 0.08) return zipf(COMMON);
    return r < 0.55 ? headWord() : topicWord();
  };
  const sentence = (flavour: number, words: number): string => {
    const parts: string[] = [];
    for (let i = 0; i < words; i++) parts.push(word(flavour));
    if (flavour < 0.05) return parts.join(random() < 0.7 ? '' : ' ') + '。';
    const text = parts.join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1) + (random() < 0.1 ? '?' : '.');
  };
  const paragraph = (flavour: number, units: number): string => {
    let text = '';
    while (text.length < units) {
      if (random() < 0.05)
        text += `\n\n\`\`\`ts\nconst ${pick(rareWords)} = await ${pick(COMMON)}(${pick(COMMON)});\n\`\`\`\n\n`;
      text += sentence(flavour, 6 + Math.floor(random() * 14)) + (random() < 0.15 ? '\n\n' : ' ');
    }
    return text;
  };

  const start = Date.UTC(2023, 0, 1);
  const chats: CorpusChat[] = [];
  let textUnits = 0;
  let utf8Bytes = 0;
  const encoder = new TextEncoder();
  let scratch = new Uint8Array(1 << 16);
  const utf8Scratch = (units: number): Uint8Array => {
    if (scratch.length < units * 3) scratch = new Uint8Array(units * 3);
    return scratch;
  };
  for (let c = 0; c < chatCount; c++) {
    const flavour = random();
    const topicStart = Math.floor(random() * Math.max(1, tail.length - TOPIC_WORDS));
    topicWord = sampler(tail.slice(topicStart, topicStart + TOPIC_WORDS));
    // Heavy tail: median ~6 messages, some with 100+.
    const messageCount = Math.max(2, Math.round(2 + 8 * (-Math.log(1 - random() * 0.9999)) ** 1.6));
    const budget = unitsPerChat * (messageCount / 10.6);
    const messages: CorpusMessage[] = [];
    for (let m = 0; m < messageCount; m++) {
      const role = m % 2 === 0 ? 'user' : 'assistant';
      const share = role === 'user' ? 0.15 : 1.85;
      const units = Math.max(8, Math.round((budget / messageCount) * share * (0.3 + random() * 1.4)));
      const text =
        role === 'user' ? sentence(flavour, Math.max(3, Math.round(units / 6))) : paragraph(flavour, units);
      messages.push({ id: `msg-${c}-${m}`, role, text });
      textUnits += text.length;
      utf8Bytes += encoder.encodeInto(text, utf8Scratch(text.length)).written;
    }
    const createdAt = start + Math.floor(random() * 500 * 86_400_000);
    const updatedAt = createdAt + Math.floor(random() * 30 * 86_400_000);
    chats.push({
      id: `ch-bench-${c}`,
      title: sentence(flavour, 2 + Math.floor(random() * 5)).slice(0, 60),
      createdAt: new Date(createdAt).toISOString(),
      updatedAt: new Date(updatedAt).toISOString(),
      archivedAt: random() < 0.05 ? new Date(updatedAt).toISOString() : null,
      deletedAt: random() < 0.02 ? new Date(updatedAt).toISOString() : null,
      messages,
    });
  }
  return { chats, rareWords, vocabulary, textUnits, utf8Bytes };
}

/**
 * Keystrokes a person types: each query's prefixes in turn (what a search box sends), for words
 * and phrases taken from the corpus, accent-free spellings of accented words, CJK terms, rare
 * names, and misses.
 */
export function typedQueries(corpus: Corpus, count = 40, seed = 7): string[][] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 8;
    if (kind === 0) queries.push(pick(corpus.rareWords));
    else if (kind === 1) {
      // Two neighbouring words from a message: a remembered phrase.
      const words = pick(pick(corpus.chats).messages).text.split(/\s+/);
      const at = Math.floor(random() * Math.max(1, words.length - 1));
      queries.push(words.slice(at, at + 2).join(' ') || 'the');
    } else if (kind === 2) queries.push(pick(ACCENTED).normalize('NFD').replace(/\p{M}/gu, ''));
    else if (kind === 3) queries.push(pick(CJK));
    else if (kind === 4) queries.push(`zq${pick(corpus.rareWords)}`);
    else if (kind === 5) queries.push(corpus.vocabulary[200 + Math.floor(random() * 3000)] ?? 'search');
    else {
      const chat = pick(corpus.chats);
      const text = pick(chat.messages).text;
      const at = Math.floor(random() * Math.max(1, text.length - 20));
      queries.push(text.slice(at, at + 6 + Math.floor(random() * 10)).trim() || 'search');
    }
  }
  return queries.map((query) =>
    Array.from({ length: [...query].length }, (_, n) => [...query].slice(0, n + 1).join('')),
  );
}
