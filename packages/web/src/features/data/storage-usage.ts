import type { StorageBackendKind } from '@parley/core/storage';
import { useEffect, useState } from 'react';
import type { DataServices, StorageEstimate } from './data-services';

export type StorageUsage = {
  backend: StorageBackendKind;
  /** Undefined while loading or where the browser cannot tell. */
  estimate: StorageEstimate | undefined;
  /** Chats in the app (not deleted); undefined while counting. */
  chats: number | undefined;
};

/** What is stored where: the backend in use, the browser's estimate, and how many chats. */
export function useStorageUsage(services: DataServices): StorageUsage {
  const [estimate, setEstimate] = useState<StorageEstimate | undefined>();
  const [chats, setChats] = useState<number | undefined>();
  useEffect(() => {
    let live = true;
    void services.estimateStorage().then((value) => live && setEstimate(value));
    services.store.chats.count().then(
      (count) => live && setChats(count),
      (error: unknown) => console.error('counting chats failed', error),
    );
    return () => {
      live = false;
    };
  }, [services]);
  return { backend: services.store.backend, estimate, chats };
}
