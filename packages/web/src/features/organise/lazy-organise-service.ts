import { retryingImport } from '../../lib/retrying-import';
import type { OrganiseDeps, OrganiseService } from './organise-service';

type Method = (...args: never[]) => Promise<unknown>;

/**
 * The organise service with the same calls, whose code (and core's restore rules it uses) is fetched
 * at the first organise action or after the first screen, not with it (decision 0141): every call
 * is asynchronous already, so a caller cannot tell the difference. A chunk that failed is fetched
 * again at the next call.
 */
export function createLazyOrganiseService(deps: OrganiseDeps): OrganiseService {
  let loading: Promise<OrganiseService> | undefined;
  const load = () => {
    loading ??= retryingImport(() => import('./organise-service')).then(
      (module) => module.createOrganiseService(deps),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const call = <K extends keyof OrganiseService>(name: K): OrganiseService[K] =>
    ((...args: never[]) =>
      load().then((service) => (service[name] as Method)(...args))) as unknown as OrganiseService[K];
  return {
    changeChats: call('changeChats'),
    setPinned: call('setPinned'),
    rename: call('rename'),
    moveToFolder: call('moveToFolder'),
    addTag: call('addTag'),
    removeTag: call('removeTag'),
    setArchived: call('setArchived'),
    delete: call('delete'),
    restore: call('restore'),
    deleteForever: call('deleteForever'),
    exportJson: call('exportJson'),
    liveFolders: call('liveFolders'),
    createFolder: call('createFolder'),
    renameFolder: call('renameFolder'),
    reorderFolder: call('reorderFolder'),
    deleteFolder: call('deleteFolder'),
    restoreFolder: call('restoreFolder'),
    deleteFolderForever: call('deleteFolderForever'),
    purgeExpiredTombstones: call('purgeExpiredTombstones'),
  };
}
