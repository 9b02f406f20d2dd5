import { randomIdGenerator } from '@parley/core/platform';
import { findLostData, restoreLostItems } from '@parley/core/storage';
import type { LostDataScan, LostItem, RestoreOutcome } from '@parley/core/storage';
import { restoreDeletedChats } from '@parley/core/sync-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataServices } from './data-services';

export type LostDataState =
  | { readonly status: 'scanning' }
  | { readonly status: 'ready'; readonly scan: LostDataScan }
  | { readonly status: 'failed'; readonly message: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Recover lost data": scans on arrival, restores one item or all, then scans again so the list
 * shows what is still missing. `restoring` holds the keys being written.
 */
export function useLostData(
  services: DataServices,
  onRestored: (outcome: RestoreOutcome) => void,
): {
  state: LostDataState;
  restoring: ReadonlySet<string>;
  rescan: () => Promise<void>;
  restore: (items: readonly LostItem[]) => Promise<void>;
} {
  const [state, setState] = useState<LostDataState>({ status: 'scanning' });
  const [restoring, setRestoring] = useState<ReadonlySet<string>>(new Set());
  const onRestoredRef = useRef(onRestored);
  useEffect(() => {
    onRestoredRef.current = onRestored;
  });

  const scan = useCallback(
    (): Promise<LostDataState> =>
      findLostData(services.store, services.lostDataSources(), services.clock).then(
        (result) => ({ status: 'ready', scan: result }),
        (error: unknown) => ({ status: 'failed', message: message(error) }),
      ),
    [services],
  );

  useEffect(() => {
    let live = true;
    void scan().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [scan]);

  const rescan = useCallback(async () => {
    setState((current) => (current.status === 'ready' ? current : { status: 'scanning' }));
    setState(await scan());
  }, [scan]);

  const restore = useCallback(
    async (items: readonly LostItem[]) => {
      setRestoring(new Set(items.map((item) => item.key)));
      try {
        const restore = { store: services.store, ids: services.ids ?? randomIdGenerator };
        // A deleted chat comes back by the rule of Recently Deleted (SC22): once its deletion may
        // be on the sync server, as a copy under a new id, or the next sync would delete it again.
        const outcome = await restoreLostItems(services.store, items, {
          undeleteChats: (chatIds) => restoreDeletedChats(restore, chatIds),
        });
        onRestoredRef.current(outcome);
        await rescan();
      } finally {
        setRestoring(new Set());
      }
    },
    [services, rescan],
  );

  return { state, restoring, rescan, restore };
}
