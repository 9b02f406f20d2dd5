export { createLocalSnapshots, CURRENT_DATA_FORMAT } from './local-snapshots';
export type { LocalSnapshots, LocalSnapshotsOptions } from './local-snapshots';
export { DATA_FORMAT_KEY, guardDataUpgrade, UPGRADE_MARKER_KEY } from './data-upgrade';
export type { DataUpgradeGuard } from './data-upgrade';
