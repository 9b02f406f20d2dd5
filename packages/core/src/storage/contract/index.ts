import { describe } from 'vitest';
import { describeChats } from './chats-contract';
import { describeFailures } from './failures-contract';
import { useContractHarness } from './harness';
import type { StorageContractFactory } from './harness';
import { describeLifecycle } from './lifecycle-contract';
import { describeMessageRows } from './message-rows-contract';
import { describePersistence, describeRoundTrip } from './round-trip-contract';
import { describeSummaryPack } from './summary-pack-contract';

/**
 * @parley/core/storage/contract: the behaviour every StoragePort implementation must show, as a
 * vitest suite (test-support code; rule ids ST1–ST12 are listed in storage/SPEC.md).
 */
export type {
  ContractHarness,
  StorageContractContext,
  StorageContractFactory,
  StorageContractSubject,
} from './harness';
export { sampleChat, sampleRecords } from './sample-records';

export interface StorageContractOptions {
  /** The store keeps data across instances: the subject implements reopen() (ST12). */
  readonly persistent: boolean;
}

export function runStorageContract(
  name: string,
  makeSubject: StorageContractFactory,
  options: StorageContractOptions = { persistent: false },
): void {
  describe(`storage contract: ${name}`, () => {
    const harness = useContractHarness(makeSubject);
    describeRoundTrip(harness);
    describeChats(harness);
    describeMessageRows(harness);
    describeLifecycle(harness);
    describeFailures(harness);
    describeSummaryPack(harness);
    if (options.persistent) describePersistence(harness);
  });
}
