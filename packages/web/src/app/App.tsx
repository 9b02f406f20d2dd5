import { VaultGate } from '../features/api-keys/VaultGate';
import { CrashTestTrigger } from '../features/errors/crash-test-hook';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { FatalErrorScreen } from '../features/errors/FatalErrorScreen';
import { useSettingsDialog } from '../features/settings/settings-dialog-store';
import { SettingsDialog } from '../features/settings/SettingsDialog';
import { AppShell } from '../features/shell/AppShell';
import { ModelPickerPlaceholder } from '../features/shell/ModelPickerPlaceholder';
import { AppToaster } from '../features/toasts/AppToaster';
import type { AppServices } from './app-services';
import { AppProviders } from './AppProviders';
import { settingsSections } from './settings-sections';

/** Placeholder until the chat feature owns "New Chat": deliberately does nothing. */
const startNewChat = () => {};

/** The composition root: services in, providers around, features placed into the shell's slots. */
export function App({ services }: { services: AppServices }) {
  const openSettings = useSettingsDialog((state) => state.open);
  return (
    <AppProviders services={services}>
      <ErrorBoundary
        report={services.reportError}
        fallback={(error) => (
          <FatalErrorScreen error={error} recovery={services.recovery} reload={services.reload} />
        )}
      >
        <CrashTestTrigger />
        <VaultGate>
          <AppShell
            modelPicker={<ModelPickerPlaceholder />}
            onNewChat={startNewChat}
            onOpenSettings={() => openSettings()}
          />
          <SettingsDialog sections={settingsSections} />
        </VaultGate>
      </ErrorBoundary>
      <AppToaster />
    </AppProviders>
  );
}
