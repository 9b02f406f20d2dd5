import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { notify } from '../toasts';
import { countUnencryptedKeys, useKeyVault } from '../../state';
import { usePasswordFields } from './use-password-fields';
import { SecretInput } from './SecretInput';
import { useVaultAction } from './use-vault-action';
import { WarningIcon } from '../../ui/icons/settings';

/** Spec section 4: plaintext keys beside a password are counted and encrypted on password re-entry. */
export function UnencryptedKeysWarning() {
  const { t } = useTranslation();
  const field = usePasswordFields();
  const count = useKeyVault((state) => countUnencryptedKeys(state.stored));
  const encrypt = useKeyVault((state) => state.encryptUnencryptedKeys);
  const [password, setPassword] = useState('');
  const { busy, error, run } = useVaultAction();
  if (count === 0) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => encrypt(password))) {
      setPassword('');
      notify.success(t('vault.keysEncrypted'));
    }
  };

  return (
    <form
      role="alert"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-danger/40 bg-danger-soft p-4 text-danger-soft-fg"
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        <WarningIcon size={18} className="mt-px shrink-0" />
        {t('vault.unencryptedWarning', { count })}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <SecretInput
          {...field(t('vault.password'))}
          className="min-w-56 flex-1"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <Button type="submit" variant="primary" className="mt-[26px]" disabled={busy || password === ''}>
          {busy ? t('vault.working') : t('vault.encryptKeys')}
        </Button>
      </div>
    </form>
  );
}
