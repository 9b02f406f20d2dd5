import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it } from 'vitest';
import { createMemorySource } from '../../src/features/tools/memory-source';

const context = { signal: new AbortController().signal, userMessage: 'q', timeoutMs: 30_000 };

describe('the save_memory tool', () => {
  it('MP6 MP7 MP8 offered only with global memory on; saves a new fact once; refuses an empty one', async () => {
    const clock = new FakeClock('2026-11-25T10:00:00.000Z');
    const ids = new SequentialIdGenerator('m');
    const store = createMemoryStore({ clock, ids });
    let on = false;
    const source = createMemorySource({ store, ids, enabled: () => on });
    expect(await source.list()).toEqual([]);
    on = true;
    const [tool] = await source.list();
    expect(tool?.definition.name).toBe('save_memory');

    const call = (fact: unknown) => ({ id: 'c1', name: 'save_memory', arguments: { fact } });
    expect(await source.run(tool!, call('  The user   lives in Lisbon. '), context)).toEqual({
      status: 'ok',
      forModel: 'Remembered: The user lives in Lisbon.',
    });
    expect(await source.run(tool!, call('the user lives in lisbon'), context)).toMatchObject({
      status: 'ok',
      forModel: expect.stringContaining('Already remembered') as string,
    });
    expect(await source.run(tool!, call(''), context)).toMatchObject({ status: 'error' });
    expect(await source.run(tool!, call('x'.repeat(501)), context)).toMatchObject({ status: 'error' });
    expect((await store.memory.list()).map((entry) => entry.content)).toEqual(['The user lives in Lisbon.']);
  });
});
