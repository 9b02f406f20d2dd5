import type { StorageBackendKind } from '@parley/core/storage';
import { useEffect, useState } from 'react';
import type { DataServices, StorageEstimate } from './data-services';

export type StorageUsage = {
  backend: StorageBackendKind;
  /** Undefined while loading or where the browser cannot tell. */
  estimate: StorageEstimate | undefined;
  /** Chats in the app (not deleted); undefined while counting. */
  chats: number | undefined;
  /** Persistent storage: granted, not granted, 'unknown' where the browser cannot tell; undefined while asking. */
  persisted: boolean | 'unknown' | undefined;
  /** Set when the browser refused the last request. */
  persistRefused: boolean;
  requestPersistence: () => void;
};

/** What is stored where: the backend in use, the browser's estimate, and how many chats. */
export function useStorageUsage(services: DataServices): StorageUsage {
  const [estimate, setEstimate] = useState<StorageEstimate | undefined>();
  const [chats, setChats] = useState<number | undefined>();
  const [persisted, setPersisted] = useState<boolean | 'unknown' | undefined>();
  const [persistRefused, setPersistRefused] = useState(false);
  useEffect(() => {
    let live = true;
    void services.persisted().then((value) => live && setPersisted(value ?? 'unknown'));
    void services.estimateStorage().then((value) => live && setEstimate(value));
    services.store.chats.count().then(
      (count) => live && setChats(count),
      (error: unknown) => console.error('counting chats failed', error),
    );
    return () => {
      live = false;
    };
  }, [services]);
  const requestPersistence = () => {
    void services.persist().then((granted) => {
      setPersisted(granted ?? 'unknown');
      setPersistRefused(granted === false);
      if (granted) void services.estimateStorage().then(setEstimate);
    });
  };
  return { backend: services.store.backend, estimate, chats, persisted, persistRefused, requestPersistence };
}
