import { findModel, type ModelDescriptor } from '@parley/core/models';
import { describe, expect, it } from 'vitest';
import { listEntries, searchModels } from '../../src/features/model-picker/model-options';
import { createModelSearch } from '../../src/features/model-picker/model-search';

function model(id: string, title: string): { model: ModelDescriptor } {
  return { model: { ...(findModel('gpt-4.1') as ModelDescriptor), id, modelID: id, title } };
}

const many = Array.from({ length: 2000 }, (_, i) =>
  model(`vendor-${i % 40}/sim-model-${i}`, `Vendor ${i % 40}: Sim Model ${i}`),
);
const ids = (items: readonly { model: ModelDescriptor }[]) => items.map((item) => item.model.id);

describe('the picker search, kept per list', () => {
  it('finds what a one-off search finds at each keystroke, typing on, back and anew', () => {
    const search = createModelSearch(many);
    const typed = 'vendor-12 sim model 1';
    const queries = [
      ...Array.from({ length: typed.length }, (_, i) => typed.slice(0, i + 1)),
      'vendor-12 sim', // backspaces
      'VENDOR-12 SIM MODEL 17', // another case, typed on
      'model 17  ', // trailing spaces
      '  sim-model-1999', // leading spaces
      'nothing-like-this',
      'vendor-3',
      '',
    ];
    for (const query of queries) expect(ids(search(query)), query).toEqual(ids(searchModels(many, query)));
  });

  it('matches every word in the name or id, in the list order; an empty query lists everything', () => {
    const search = createModelSearch(many);
    expect(search('')).toBe(many);
    expect(ids(search('vendor-12/sim-model-1012 vendor'))).toEqual(['vendor-12/sim-model-1012']);
    expect(ids(search('Sim Model 1999'))).toEqual(['vendor-39/sim-model-1999']);
    expect(search('vendor-12').length).toBe(50);
    // Typed on from a query that matched nothing, a new word still finds nothing; a new query starts afresh.
    expect(search('vendor-12 zzz')).toEqual([]);
    expect(search('vendor-12 zzz 1')).toEqual([]);
    expect(search('model-7').length).toBeGreaterThan(0);
  });

  it('answers a keystroke that finds the same models with the same array (nothing to render again)', () => {
    const search = createModelSearch(many);
    const vendor12 = search('vendor-12');
    expect(search('vendor-12 ')).toBe(vendor12);
    expect(search('vendor-12 sim')).toBe(vendor12);
    const narrower = search('vendor-12 sim model 17');
    expect(narrower).not.toBe(vendor12);
    expect(ids(narrower)).toEqual(ids(searchModels(many, 'vendor-12 sim model 17')));
    expect(search('')).toBe(many);
  });

  it('searches the picker entries by title and id like Settings → Models does', () => {
    const entries = listEntries({ customModels: [], order: [], hidden: [] });
    const search = createModelSearch(entries);
    expect(ids(search('sonnet 4.5'))).toEqual(ids(searchModels(entries, 'sonnet 4.5')));
    expect(search('sonnet 4.5').length).toBeGreaterThan(0);
  });
});
