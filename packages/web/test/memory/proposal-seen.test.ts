import { afterEach, describe, expect, it } from 'vitest';
import { markProposed, wasProposed } from '../../src/features/memory/proposal-seen';

describe('Remember this? is offered once per message', () => {
  afterEach(() => localStorage.removeItem('TM_memoryProposalsSeen'));

  it('a message answered or dismissed is never proposed again, across reloads', () => {
    expect(wasProposed('m-1')).toBe(false);
    markProposed('m-1');
    expect(wasProposed('m-1')).toBe(true);
    expect(JSON.parse(localStorage.getItem('TM_memoryProposalsSeen') ?? '[]')).toEqual(['m-1']);
  });

  it('keeps only the latest 300 ids', () => {
    for (let i = 0; i < 305; i += 1) markProposed(`m-${i}`);
    expect(wasProposed('m-0')).toBe(false);
    expect(wasProposed('m-304')).toBe(true);
  });
});
