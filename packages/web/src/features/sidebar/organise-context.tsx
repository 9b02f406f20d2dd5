import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  createLibraryStore,
  type LibraryState,
  type LibraryStore,
  createLazyOrganiseService,
  type OrganiseService,
  takeStartedLibrary,
} from '../organise';
import { afterFirstScreen, usePlatformServices } from '../../state';

interface Organise {
  readonly service: OrganiseService;
  readonly library: LibraryStore;
}

const OrganiseContext = createContext<Organise | null>(null);

/**
 * One library copy and one organise service per store; expired tombstones are purged once, after
 * the first screen has painted (the service's code is fetched then, decision 0141).
 */
export function OrganiseProvider({ children }: { children: ReactNode }) {
  const services = usePlatformServices();
  const [organise] = useState<Organise>(() => ({
    service: createLazyOrganiseService(services),
    // The library the start made (its first read already asked for), else a new one.
    library: takeStartedLibrary(services.store) ?? createLibraryStore(services.store),
  }));
  useEffect(() => {
    const cancel = afterFirstScreen(() => {
      organise.service
        .purgeExpiredTombstones()
        .catch((error: unknown) => console.error('purging old deleted chats failed', error));
    });
    return () => {
      cancel();
      organise.library.dispose();
    };
  }, [organise]);
  return <OrganiseContext value={organise}>{children}</OrganiseContext>;
}

export function useOrganise(): Organise {
  const organise = use(OrganiseContext);
  if (!organise) throw new Error('useOrganise must be used inside <OrganiseProvider>');
  return organise;
}

export function useLibrary<T>(select: (state: LibraryState) => T): T {
  return useStore(useOrganise().library, select);
}
