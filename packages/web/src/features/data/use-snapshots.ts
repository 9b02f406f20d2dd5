import type { SnapshotInfo } from '@parley/core/storage';
import { useCallback, useEffect, useState } from 'react';
import type { DataServices } from './data-services';

export type SnapshotsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; snapshots: SnapshotInfo[] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The snapshot list of Settings → Data, with taking one now (SN6). */
export function useSnapshots(services: DataServices) {
  const [state, setState] = useState<SnapshotsState>({ status: 'loading' });
  const [taking, setTaking] = useState(false);
  const reload = useCallback(
    () =>
      services.snapshots.list().then(
        (snapshots) => setState({ status: 'ready', snapshots }),
        (error: unknown) => setState({ status: 'failed', message: messageOf(error) }),
      ),
    [services],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  const takeNow = async (): Promise<SnapshotInfo> => {
    setTaking(true);
    try {
      const taken = await services.snapshots.take('manual');
      await services.snapshots.prune();
      await reload();
      return taken;
    } finally {
      setTaking(false);
    }
  };
  return { state, taking, takeNow };
}
