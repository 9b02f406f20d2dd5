// Folders, tags, archive and trash without UI; the sidebar shows them.
export { dateGroupKey, dateGrouper, dateGroupOf, type DateGroup } from './date-groups';
export {
  createLibraryStore,
  startLibrary,
  takeStartedLibrary,
  type LibraryState,
  type LibraryStore,
} from './library-store';
export type { OrganiseService, Undo } from './organise-service';
export { createLazyOrganiseService } from './lazy-organise-service';
export { daysUntilPurge, isWithinRetention } from './retention';
export {
  NO_TAG_FILTER,
  tagFilterPredicate,
  tagsInUse,
  type TagFilter,
  type TagFilterMode,
} from './tag-filter';
