import { afterEach, beforeEach } from 'vitest';
import { FakeClock, SequentialIdGenerator } from '../../platform';
import { ScriptedWriteFaults } from '../record-engine';
import type { StorageIssue, StorageIssueListener, StoragePort } from '../storage-port';
import type { StorageTable } from '../storage-tables';

/** What the contract hands an implementation's factory: inject these into the store under test. */
export interface StorageContractContext {
  readonly clock: FakeClock;
  readonly ids: SequentialIdGenerator;
  /** Pass to the engine; the suite uses it to count writes and to simulate a full disk. */
  readonly faults: ScriptedWriteFaults;
  readonly onIssue: StorageIssueListener;
}

/** What the factory returns. */
export interface StorageContractSubject {
  readonly store: StoragePort;
  /**
   * Writes a value straight into the backend, bypassing every parse, to plant corrupt data. A string
   * is written as raw text where the backend stores text (localStorage), else as the value itself.
   */
  plantRaw(table: StorageTable, id: string, value: unknown): Promise<void>;
  /** A second store over the same persisted data (a reload, or another tab); omit for memory. */
  reopen?(): Promise<StoragePort>;
  dispose?(): Promise<void>;
}

export type StorageContractFactory = (context: StorageContractContext) => Promise<StorageContractSubject>;

export interface ContractHarness extends StorageContractContext {
  readonly subject: StorageContractSubject;
  readonly store: StoragePort;
  readonly issues: StorageIssue[];
  /** The subject's reopen, with the extra store closed after the test; undefined if unsupported. */
  readonly reopen: (() => Promise<StoragePort>) | undefined;
}

/** Registers a fresh subject per test and returns an accessor for it. */
export function useContractHarness(makeSubject: StorageContractFactory): () => ContractHarness {
  let current: ContractHarness | undefined;
  const opened: StoragePort[] = [];
  beforeEach(async () => {
    const issues: StorageIssue[] = [];
    const context: StorageContractContext = {
      clock: new FakeClock('2024-03-01T10:00:00.000Z'),
      ids: new SequentialIdGenerator('t'),
      faults: new ScriptedWriteFaults(),
      onIssue: (issue) => issues.push(issue),
    };
    const subject = await makeSubject(context);
    const reopen = subject.reopen?.bind(subject);
    current = {
      ...context,
      subject,
      store: subject.store,
      issues,
      reopen: reopen
        ? async () => {
            const store = await reopen();
            opened.push(store);
            return store;
          }
        : undefined,
    };
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    await current?.store.close();
    await current?.subject.dispose?.();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('the contract harness is used outside a test');
    return current;
  };
}
