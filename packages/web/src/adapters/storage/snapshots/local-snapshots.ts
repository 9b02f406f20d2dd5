import type { Clock, IdGenerator } from '@parley/core/platform';
import { randomIdGenerator, systemClock } from '@parley/core/platform';
import {
  dataFormatOf,
  isDailySnapshotDue,
  listSnapshotsNewestFirst,
  snapshotsToPrune,
  type SnapshotInfo,
  type SnapshotReason,
} from '@parley/core/storage';
import { PARLEY_DATABASE_NAME } from '../browser-environment';
import { PARLEY_SCHEMA_VERSION } from '../parley-idb';
import type { SnapshotReply, SnapshotRequest } from './snapshot-protocol';

/** What the app does with snapshots (storage SPEC SN); every call runs in the snapshot worker. */
export interface LocalSnapshots {
  /** Newest first. */
  list(): Promise<SnapshotInfo[]>;
  /** `dataFormat`: the format of the data as stored now (SN1), this release's unless told. */
  take(reason: SnapshotReason, dataFormat?: string): Promise<SnapshotInfo>;
  /** SN6: a `before-restore` copy of the current data first, then the snapshot's data. */
  restore(id: string): Promise<SnapshotInfo>;
  /** SN4. */
  prune(): Promise<void>;
  /** SN3: takes a daily snapshot when one is due; resolves to it, or null. */
  takeDailyIfDue(): Promise<SnapshotInfo | null>;
}

/** The data format of this release (SN1). */
export const CURRENT_DATA_FORMAT = dataFormatOf(PARLEY_SCHEMA_VERSION);

type Send = (request: SnapshotRequest) => Promise<SnapshotReply>;
type RequestBody = SnapshotRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

function workerSender(): Send | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker | null = null;
  const waiting = new Map<number, (reply: SnapshotReply) => void>();
  const start = () => {
    const created = new Worker(new URL('./snapshot-worker.ts', import.meta.url), { type: 'module' });
    created.addEventListener('message', (event: MessageEvent<SnapshotReply>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    });
    created.addEventListener('error', (event) => {
      event.preventDefault();
      for (const [id, resolve] of waiting) resolve({ id, ok: false, message: 'the snapshot worker failed' });
      waiting.clear();
      worker = null;
    });
    return created;
  };
  return (request) =>
    new Promise((resolve) => {
      worker ??= start();
      waiting.set(request.id, resolve);
      worker.postMessage(request);
    });
}

export interface LocalSnapshotsOptions {
  readonly indexedDB?: IDBFactory;
  readonly clock?: Clock;
  readonly ids?: IdGenerator;
  readonly databaseName?: string;
  /** Run on this thread (tests, browsers without module workers). */
  readonly inProcess?: boolean;
}

export function createLocalSnapshots(options: LocalSnapshotsOptions = {}): LocalSnapshots {
  const factory = options.indexedDB ?? globalThis.indexedDB;
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIdGenerator;
  const liveDatabase = options.databaseName ?? PARLEY_DATABASE_NAME;
  const send: Send =
    (!options.inProcess && workerSender()) ||
    // The I/O code is loaded only when used (never on the usual start, which only reads two keys).
    ((request) => import('./snapshot-host').then((host) => host.handleSnapshotRequest(factory, request)));
  let next = 0;
  const call = async <T>(request: RequestBody): Promise<T> => {
    const reply = await send({ ...request, id: ++next } as SnapshotRequest);
    if (!reply.ok) throw new Error(reply.message);
    return reply.result as T;
  };

  const list = async () => listSnapshotsNewestFirst(await call<SnapshotInfo[]>({ op: 'list' }));
  const take = (reason: SnapshotReason, dataFormat = CURRENT_DATA_FORMAT) =>
    call<SnapshotInfo>({
      op: 'take',
      input: {
        id: `snap-${ids.randomId()}`,
        reason,
        takenAt: new Date(clock.now()).toISOString(),
        dataFormat,
        liveDatabase,
      },
    });
  const prune = async () => {
    await call({ op: 'delete', ids: snapshotsToPrune(await list()) });
  };
  return {
    list,
    take,
    prune,
    async restore(id) {
      await take('before-restore');
      const restored = await call<SnapshotInfo>({ op: 'restore', snapshotId: id, liveDatabase });
      await prune();
      return restored;
    },
    async takeDailyIfDue() {
      if (!isDailySnapshotDue(await list(), clock.now())) return null;
      const taken = await take('daily');
      await prune();
      return taken;
    },
  };
}
