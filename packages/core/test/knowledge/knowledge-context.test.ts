import { describe, expect, it } from 'vitest';
import { assembleSystemContext } from '../../src/chat';
import {
  chooseCitations,
  citedNumbers,
  knowledgeBudget,
  knowledgeSection,
  type KnowledgeHit,
} from '../../src/knowledge';

const hit = (
  documentId: string,
  passageIndex: number,
  score: number,
  text = 'Some words here.',
): KnowledgeHit => ({
  documentId,
  documentName: `${documentId}.md`,
  passageIndex,
  heading: 'Part',
  text,
  start: 0,
  end: text.length,
  score,
});

describe('the passages an answer gets', () => {
  it('KB10: a quarter of the context, never more than the cap', () => {
    expect(knowledgeBudget(8000)).toBe(2000);
    expect(knowledgeBudget(200_000)).toBe(3000);
  });

  it('KB10-KB11: best first, numbered in order, the same passage once, a too large one skipped', () => {
    const huge = 'word '.repeat(2000);
    const chosen = chooseCitations(
      [hit('a', 1, 0.2), hit('b', 0, 0.9, huge), hit('c', 3, 0.5), hit('a', 1, 0.2)],
      600,
    );
    expect(chosen.map((c) => [c.number, c.documentId, c.passageIndex])).toEqual([
      [1, 'c', 3],
      [2, 'a', 1],
    ]);
  });

  it('KB12: the section names each passage by number, document and heading and asks for citations', () => {
    const section = knowledgeSection(chooseCitations([hit('guide', 2, 1, 'The code is 4711.')], 1000));
    expect(section).toContain("## Passages from the user's documents");
    expect(section).toContain('[1] guide.md › Part\nThe code is 4711.');
    expect(section).toMatch(/cite it by its number in square brackets/);
    expect(knowledgeSection([])).toBe('');
  });

  it('KB13: finds the numbers an answer cites, not links or code', () => {
    expect(citedNumbers('It is 4711 [2]. Also [1, 3] and [3][4]. See [x](y) and `[2]`, [9].', 4)).toEqual([
      2, 1, 3, 4,
    ]);
    expect(citedNumbers('[1](http://a) ```\n[2]\n```', 2)).toEqual([]);
  });

  it('KB12: the section is the last part of the system text', () => {
    const knowledge = knowledgeSection(chooseCitations([hit('guide', 0, 1, 'The code is 4711.')], 1000));
    const { systemText } = assembleSystemContext({
      baseSystemText: 'Be brief.',
      agent: null,
      persona: {
        profile: { name: 'Work', information: 'I am an engineer.', customInstruction: '' },
        knowledge,
      },
      contextLength: 8000,
      lastUserMessage: 'What is the code?',
    });
    expect(systemText.startsWith('Be brief.')).toBe(true);
    expect(systemText.endsWith('[1] guide.md › Part\nThe code is 4711.')).toBe(true);
    expect(systemText).toContain('I am an engineer.');
  });
});
