import { describe, expect, it } from 'vitest';
import { isKnownFact, proposeMemoryFact, searchMemory } from '../../src/persona';

describe('memory proposals', () => {
  it.each([
    ['I live in Lisbon.', 'I live in Lisbon.'],
    ["I'm a vegetarian", "I'm a vegetarian"],
    ['I am a nurse working nights', 'I am a nurse working nights'],
    ['i work at a bakery', 'I work at a bakery'],
    ['My favourite colour is green.', 'My favourite colour is green.'],
    ['My kids are 4 and 7', 'My kids are 4 and 7'],
    ['I prefer short answers', 'I prefer short answers'],
    ['I like hiking in the Alps', 'I like hiking in the Alps'],
    ['Call me Sam', 'Call me Sam'],
    ["I don't eat fish", "I don't eat fish"],
    ['By the way, I speak Portuguese.', 'I speak Portuguese.'],
  ])('MP1 MP3 %s', (text, fact) => {
    expect(proposeMemoryFact(text)).toBe(fact);
  });

  it('MP3 the first fact of a longer message is proposed, as written', () => {
    expect(proposeMemoryFact('Write me a poem about the sea. I live in Porto. I like tea.')).toBe(
      'I live in Porto.',
    );
  });

  it.each([
    'What is the capital of France?',
    'Am I right that I live in the best city?',
    "I'm trying to fix this bug",
    "I'm not sure what to do",
    "I'm looking for a restaurant",
    'I am wondering about taxes',
    'Do you like jazz?',
    'My code is broken:\n```js\nconsole.log(1)\n```',
    'I am',
    'Please summarise this text.',
    `I like ${'very '.repeat(60)}long sentences`,
  ])('MP2 not a fact: %s', (text) => {
    expect(proposeMemoryFact(text)).toBeUndefined();
  });

  it('MP4 a fact already kept is recognised whatever its case, spacing or end punctuation', () => {
    const entries = [{ content: 'I live in  Lisbon' }];
    expect(isKnownFact('i live in lisbon.', entries)).toBe(true);
    expect(isKnownFact('I live in Porto', entries)).toBe(false);
  });

  it('MP5 search keeps entries holding every word, ignoring case', () => {
    const entries = [
      { content: 'I live in Lisbon' },
      { content: 'I like tea in Lisbon' },
      { content: 'Call me Sam' },
    ];
    expect(searchMemory(entries, 'lisbon TEA').map((e) => e.content)).toEqual(['I like tea in Lisbon']);
    expect(searchMemory(entries, '  ')).toHaveLength(3);
  });
});
