import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  createLibraryStore,
  type LibraryState,
  type LibraryStore,
  createOrganiseService,
  type OrganiseService,
} from '../organise';
import { usePlatformServices } from '../../state';

interface Organise {
  readonly service: OrganiseService;
  readonly library: LibraryStore;
}

const OrganiseContext = createContext<Organise | null>(null);

/** One library copy and one organise service per store; expired tombstones are purged once, on start. */
export function OrganiseProvider({ children }: { children: ReactNode }) {
  const services = usePlatformServices();
  const [organise] = useState<Organise>(() => ({
    service: createOrganiseService(services),
    library: createLibraryStore(services.store),
  }));
  useEffect(() => {
    organise.service
      .purgeExpiredTombstones()
      .catch((error: unknown) => console.error('purging old deleted chats failed', error));
    return () => organise.library.dispose();
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
