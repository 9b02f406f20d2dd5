import { useCallback, useEffect, useState } from 'react';
import { type LicenseDeviceList, useLicenseStore } from '../../state';

export type DeviceListState =
  { status: 'loading' } | { status: 'ready'; list: LicenseDeviceList } | { status: 'error'; error: unknown };

/** The key's linked devices from the server; reload after an unlink. */
export function useDeviceList() {
  const listDevices = useLicenseStore((store) => store.listDevices);
  const [state, setState] = useState<DeviceListState>({ status: 'loading' });

  const reload = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', list: await listDevices() });
    } catch (error) {
      setState({ status: 'error', error });
    }
  }, [listDevices]);

  useEffect(() => {
    let current = true;
    listDevices().then(
      (list) => current && setState({ status: 'ready', list }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [listDevices]);

  return { state, reload };
}
