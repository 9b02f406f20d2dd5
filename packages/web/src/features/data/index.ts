export { DataSectionLoader } from './DataSectionLoader';
export { createStorageNotices } from './storage-notices';
