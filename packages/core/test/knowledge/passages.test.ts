import { describe, expect, it } from 'vitest';
import { passageSearchText, splitIntoPassages } from '../../src/knowledge';

const paragraph = (word: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ') + '.';

describe('splitIntoPassages', () => {
  it('KB1: cuts along headings and names the headings a passage sits under', () => {
    const text =
      '# Guide\n\nIntro text.\n\n## Setup\n\nInstall it.\n\n### Linux\n\nUse apt.\n\n## Use\n\nRun it.';
    const passages = splitIntoPassages(text);
    expect(passages.map((p) => [p.heading, p.text])).toEqual([
      ['Guide', 'Intro text.'],
      ['Guide › Setup', 'Install it.'],
      ['Guide › Setup › Linux', 'Use apt.'],
      ['Guide › Use', 'Run it.'],
    ]);
  });

  it("KB1: the PDF reader's page markers are sections of their own", () => {
    const passages = splitIntoPassages('[Page 1]\nFirst page.\n\n[Page 2]\nSecond page.');
    expect(passages.map((p) => p.heading)).toEqual(['Page 1', 'Page 2']);
  });

  it('KB2: packs paragraphs up to the limit and cuts a long paragraph at sentence ends', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} says something plain.`).join(' ');
    const passages = splitIntoPassages(`${paragraph('a', 10)}\n\n${paragraph('b', 10)}\n\n${long}`, {
      maxTokens: 60,
      overlapTokens: 0,
    });
    expect(passages[0]!.text).toContain('a0');
    expect(passages[0]!.text).toContain('b0');
    for (const passage of passages) expect(passage.tokens).toBeLessThanOrEqual(60);
    // Every cut inside the long paragraph falls after a full stop.
    for (const passage of passages.slice(1)) expect(passage.text.trimEnd()).toMatch(/\.$/);
  });

  it('KB3: the next passage of a section starts with the end of the one before', () => {
    const text = [paragraph('a', 20), paragraph('b', 5), paragraph('c', 20)].join('\n\n');
    const [first, second] = splitIntoPassages(text, { maxTokens: 40, overlapTokens: 10 });
    expect(first!.text).toContain('b0');
    expect(second!.text.startsWith('b0')).toBe(true);
    expect(second!.text).toContain('c0');
  });

  it('KB4: each passage is the document text between its offsets, unchanged', () => {
    const text = '# T\n\nOne  two\r three.\n\n\n Four five.\n\n## U\n\n' + paragraph('x', 400);
    for (const passage of splitIntoPassages(text, { maxTokens: 80 })) {
      expect(text.slice(passage.start, passage.end)).toBe(passage.text);
    }
  });

  it('KB2: a sentence longer than a passage is cut at spaces, and nothing is lost', () => {
    const words = Array.from({ length: 600 }, (_, i) => `w${i}`);
    const passages = splitIntoPassages(words.join(' '), { maxTokens: 50, overlapTokens: 0 });
    expect(passages.length).toBeGreaterThan(5);
    expect(
      passages
        .map((p) => p.text)
        .join(' ')
        .split(' '),
    ).toEqual(words);
  });

  it('an empty text has no passages; the search text puts the headings first', () => {
    expect(splitIntoPassages('  \n\n ')).toEqual([]);
    expect(passageSearchText({ heading: 'A › B', text: 'body' })).toBe('A › B\nbody');
  });
});
