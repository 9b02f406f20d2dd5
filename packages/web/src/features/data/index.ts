// Data: the Data section of Settings (storage, snapshots, recovery, clearing; a lazy chunk) and the
// storage notices the app shows at start. See CONTEXT.md.
export { DataSectionLoader } from './DataSectionLoader';
export { createStorageNotices } from './storage-notices';
