import type { MemoryEntry, Prompt, UserProfile } from '@parley/core/entities';
import { useEffect, useState } from 'react';
import { usePlatformServices } from './app-state';

type Lists = { prompts: Prompt; profiles: UserProfile; memory: MemoryEntry };

/**
 * The live records of one simple table (prompts, profiles, memory entries), read again whenever
 * this tab, another tab or sync changes that table. `null` until the first read.
 */
export function useRecordList<A extends keyof Lists>(area: A): Lists[A][] | null {
  const { store } = usePlatformServices();
  const [records, setRecords] = useState<Lists[A][] | null>(null);
  useEffect(() => {
    let current = true;
    const read = () => {
      const repository = store[area] as unknown as { list(): Promise<Lists[A][]> };
      repository
        .list()
        .then((list) => current && setRecords(list))
        .catch((error: unknown) => console.warn(`Parley could not read ${area}:`, error));
    };
    read();
    const unsubscribe = store.onChange((change) => {
      if (change.area === area) read();
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [store, area]);
  return records;
}
