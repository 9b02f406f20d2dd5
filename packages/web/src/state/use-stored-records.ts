import { useEffect, useState } from 'react';
import type { RecordRepository, StoragePort } from '@parley/core/storage';
import { usePlatformServices } from './app-state';

/** The record tables a screen can list live (everything with tombstones). */
export type RecordArea =
  'prompts' | 'characters' | 'plugins' | 'profiles' | 'memory' | 'folders' | 'projects';

type RecordOf<A extends RecordArea> = StoragePort[A] extends RecordRepository<infer T> ? T : never;

export type StoredRecords<T> = { records: T[]; loading: boolean; error: unknown };

/**
 * The live records of one table (tombstones left out): read when first used and again whenever the
 * table changes, here, in another tab or through sync. A failed read keeps the last list and says so.
 */
export function useStoredRecords<A extends RecordArea>(area: A): StoredRecords<RecordOf<A>> {
  const { store } = usePlatformServices();
  const [state, setState] = useState<StoredRecords<RecordOf<A>>>({ records: [], loading: true, error: null });
  useEffect(() => {
    let current = true;
    let generation = 0;
    const load = () => {
      const mine = ++generation;
      (store[area] as unknown as RecordRepository<RecordOf<A>>)
        .list()
        .then((records) => {
          if (current && mine === generation) setState({ records, loading: false, error: null });
        })
        .catch((error: unknown) => {
          if (current && mine === generation)
            setState((previous) => ({ ...previous, loading: false, error }));
        });
    };
    load();
    const unsubscribe = store.onChange((change) => {
      if (change.area === area) load();
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [store, area]);
  return state;
}

/** The same live records, `null` until the first read (for screens that wait for the list). */
export function useRecordList<A extends RecordArea>(area: A): RecordOf<A>[] | null {
  const { records, loading } = useStoredRecords(area);
  return loading ? null : records;
}
