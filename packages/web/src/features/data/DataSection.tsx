import { useMemo } from 'react';
import { useChatRuntime } from '../chat/chat-runtime';
import { browserDataServices } from './data-services';
import { DataScreens } from './DataScreens';

/** Settings > Data, bound to the app's store and the browser's storage adapters. */
export default function DataSection() {
  const { store, clock, ids } = useChatRuntime().services;
  const services = useMemo(() => browserDataServices(store, clock, ids), [store, clock, ids]);
  return <DataScreens services={services} />;
}
