import { createContext, use, type ReactNode } from 'react';
import type { Clock, IdGenerator } from '@parley/core/platform';
import type { StoragePort } from '@parley/core/storage';

/**
 * What the chat features need from the outside world: the local store, the network (calls go
 * straight from the browser to the provider) and time and ids. The composition root provides the
 * real ones; tests provide an in-memory store, a fake fetch and a fake clock.
 */
export type ChatServices = {
  store: StoragePort;
  fetch: typeof fetch;
  clock: Clock;
  ids: IdGenerator;
};

const ChatServicesContext = createContext<ChatServices | null>(null);

export function ChatServicesProvider({
  services,
  children,
}: {
  services: ChatServices;
  children: ReactNode;
}) {
  return <ChatServicesContext value={services}>{children}</ChatServicesContext>;
}

export function useChatServices(): ChatServices {
  const services = use(ChatServicesContext);
  if (!services) throw new Error('useChatServices must be used inside <ChatServicesProvider>');
  return services;
}
