import { describe, expect, it } from 'vitest';
import { coreModuleGraph, coreModuleImports, findCycle, isDoor } from '../layer-imports';

/**
 * Core's modules form no cycle (decision 0089): a cycle between two modules is how a door turns into
 * a loop of half-initialised imports, and lint's import-x/no-cycle is too slow for the whole tree.
 * The graph is read from the source (every relative import between two folders of core/src).
 */
describe("core's module graph", () => {
  it('has no cycle and no import past a door', () => {
    const graph = coreModuleGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeNull();
    expect(coreModuleImports().filter((entry) => !isDoor(entry.to))).toEqual([]);
  });

  it('finds a cycle when there is one (the entities <-> models one this graph lost)', () => {
    const graph = coreModuleGraph();
    graph.set('models', new Set([...(graph.get('models') ?? []), 'entities']));
    expect(findCycle(graph)).toEqual(['entities', 'models', 'entities']);
    const chain = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(chain)).toEqual(['a', 'b', 'c', 'a']);
  });
});
