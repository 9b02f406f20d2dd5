export * from './lost-data';
export { findLostData } from './find-lost-data';
export type { LostDataSources } from './find-lost-data';
export { restoreLostItems } from './restore-lost-data';
export type { RestoreLostItemsOptions, UndeleteChats } from './restore-lost-data';
