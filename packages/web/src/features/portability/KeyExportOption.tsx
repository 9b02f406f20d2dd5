import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField';
import {
  browserVaultCrypto,
  KEY_EXPORT_FILE,
  keyProviders,
  sealKeysForExport,
  useKeyVaultStore,
} from '../../state';

export type KeyExportChoice = ReturnType<typeof useKeyExportOption>;

/**
 * The export's "Include API keys" choice (issue 19, decision 0057): off by default; on, it asks for
 * a password twice and the keys go into the zip sealed with it, never in the clear.
 */
export function useKeyExportOption() {
  const { t } = useTranslation();
  const vault = useKeyVaultStore();
  const [include, setInclude] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();

  /** What is wrong before anything is exported (shown under the fields), or undefined. */
  const check = (): string | undefined => {
    if (!include) return undefined;
    const { keys, secrets } = vault.getState();
    const problem =
      Object.keys(keys).length + Object.keys(secrets).length === 0
        ? t('portability.keys.none')
        : password === ''
          ? t('vault.passwordRequired')
          : password !== confirm
            ? t('vault.passwordsDiffer')
            : undefined;
    setError(problem);
    return problem;
  };

  /** The zip entries to add: the sealed key file when asked for, nothing otherwise. */
  const files = async (exportedAt: string): Promise<Record<string, string>> => {
    if (!include) return {};
    const { keys, secrets, stored } = vault.getState();
    const endpoints = Object.fromEntries(
      keyProviders.flatMap((provider) => {
        const endpoint = stored.endpoints[provider];
        return endpoint ? [[provider, endpoint]] : [];
      }),
    );
    const sealed = await sealKeysForExport(
      browserVaultCrypto(),
      { keys, secrets, endpoints },
      password,
      exportedAt,
    );
    return { [KEY_EXPORT_FILE]: JSON.stringify(sealed) };
  };

  // A message about the previous attempt goes as soon as the user changes what it was about.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setError(undefined);
      set(value);
    };
  return {
    include,
    setInclude: edited(setInclude),
    password,
    setPassword: edited(setPassword),
    confirm,
    setConfirm: edited(setConfirm),
    error,
    check,
    files,
  };
}

/** The checkbox and, once ticked, the password and its confirmation. */
export function KeyExportOption({ choice }: { choice: KeyExportChoice }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <label className="flex cursor-pointer items-center gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={choice.include}
          onChange={(event) => choice.setInclude(event.target.checked)}
        />
        {t('portability.keys.include')}
      </label>
      {choice.include ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('portability.keys.password')}
            type="password"
            autoComplete="new-password"
            value={choice.password}
            onChange={(event) => choice.setPassword(event.target.value)}
          />
          <TextField
            label={t('portability.keys.confirm')}
            type="password"
            autoComplete="new-password"
            value={choice.confirm}
            onChange={(event) => choice.setConfirm(event.target.value)}
            error={choice.error}
          />
          <p className="text-[13px] text-fg-subtle sm:col-span-2">{t('portability.keys.hint')}</p>
        </div>
      ) : (
        <p className="text-[13px] text-fg-subtle">{t('portability.export.keys')}</p>
      )}
    </div>
  );
}
