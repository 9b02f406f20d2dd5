import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { vaultErrorMessage } from './vault-error-message';

/** Runs one vault action at a time, keeping its busy flag and its error message for the form. */
export function useVaultAction() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(vaultErrorMessage(t, failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
