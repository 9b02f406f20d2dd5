import { useMemo } from 'react';
import { browserDataServices } from './data-services';
import { DataScreens } from './DataScreens';
import { usePlatformServices } from '../../state';

/** Settings > Data, bound to the app's store and the browser's storage adapters. */
export default function DataSection() {
  const { store, clock, ids } = usePlatformServices();
  const services = useMemo(() => browserDataServices(store, clock, ids), [store, clock, ids]);
  return <DataScreens services={services} />;
}
