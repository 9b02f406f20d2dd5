import { useState } from 'react';
import { ClearStorageScreen } from './ClearStorageScreen';
import { DataOverview } from './DataOverview';
import type { DataServices } from './data-services';
import { RecoverDataScreen } from './RecoverDataScreen';
import { SnapshotsScreen } from './SnapshotsScreen';
import { useStorageUsage } from './storage-usage';

type DataScreen = 'overview' | 'snapshots' | 'recover' | 'clear';

/** The Data section's screens; opening the section again starts at the overview. */
export function DataScreens({ services, initial = 'overview' }: { services: DataServices; initial?: DataScreen }) {
  const [screen, setScreen] = useState<DataScreen>(initial);
  const usage = useStorageUsage(services);
  const back = () => setScreen('overview');
  if (screen === 'snapshots') return <SnapshotsScreen services={services} onBack={back} />;
  if (screen === 'recover') return <RecoverDataScreen services={services} onBack={back} />;
  if (screen === 'clear') return <ClearStorageScreen services={services} usage={usage} onBack={back} />;
  return (
    <DataOverview
      services={services}
      usage={usage}
      onSnapshots={() => setScreen('snapshots')}
      onRecover={() => setScreen('recover')}
      onClear={() => setScreen('clear')}
    />
  );
}
