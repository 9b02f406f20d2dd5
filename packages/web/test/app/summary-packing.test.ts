import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageChangeListener, StoragePort } from '@parley/core/storage';
import { schedulePackedSummaries } from '../../src/app/summary-packing';

afterEach(() => vi.useRealTimers());

/** A store whose packing passes are counted; `change` plays a committed write. */
function packingStore(outcomes: ('current' | 'packed' | 'changed')[]) {
  const listeners = new Set<StorageChangeListener>();
  const packSummaries = vi.fn(() => Promise.resolve(outcomes.shift() ?? 'current'));
  const store = {
    packSummaries,
    onChange: (listener: StorageChangeListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as StoragePort;
  const change = (area: 'chats' | 'settings') =>
    listeners.forEach((listener) => listener({ area, ids: ['x'], origin: 'remote' }));
  return { store, packSummaries, change };
}

describe('PK6 packing passes after the first screen and after chat writes settle', () => {
  it('runs a pass when the page is idle, again 5 s after the last chat write, and again after a lost race', async () => {
    vi.useFakeTimers();
    const { store, packSummaries, change } = packingStore(['current', 'changed', 'packed']);
    const stop = schedulePackedSummaries(store, window);
    await vi.advanceTimersByTimeAsync(100);
    expect(packSummaries).toHaveBeenCalledTimes(1);

    // Writes keep coming (an answer being saved): no pass until they have settled.
    change('chats');
    await vi.advanceTimersByTimeAsync(4000);
    change('chats');
    change('settings');
    await vi.advanceTimersByTimeAsync(4000);
    expect(packSummaries).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1100);
    expect(packSummaries).toHaveBeenCalledTimes(2);
    // That pass lost to another tab's ('changed'): one more once things settle.
    await vi.advanceTimersByTimeAsync(5100);
    expect(packSummaries).toHaveBeenCalledTimes(3);

    stop();
    change('chats');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(packSummaries).toHaveBeenCalledTimes(3);
  });

  it('a store without a packed copy is left alone', () => {
    const onChange = vi.fn();
    schedulePackedSummaries({ onChange } as unknown as StoragePort, window)();
    expect(onChange).not.toHaveBeenCalled();
  });
});
