import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { keyProviders, useKeyVaultStore, type KeyVaultStore } from '../../state';
import { openKeyExport, parseKeyExport, type ExportedKeys } from '../../state/key-vault/key-export';
import { browserVaultCrypto, IncorrectPasswordError } from '../../state/key-vault/vault-crypto';

type Step =
  | { kind: 'asking'; error?: string }
  | { kind: 'working' }
  | { kind: 'restored'; count: number }
  | { kind: 'skipped' };

/** Puts opened keys into the vault: each provider key and endpoint, custom secrets added to the ones here. */
async function restore(vault: KeyVaultStore, opened: ExportedKeys): Promise<number> {
  const state = vault.getState();
  let count = 0;
  for (const provider of keyProviders) {
    const key = opened.keys[provider];
    if (key) {
      await state.setKey(provider, key);
      count += 1;
    }
    const endpoint = opened.endpoints[provider];
    if (endpoint) state.setEndpoint(provider, endpoint);
  }
  if (Object.keys(opened.secrets).length > 0)
    await state.updateCustomSecrets((current) => ({ ...current, ...opened.secrets }));
  return count;
}

/**
 * After importing a zip that holds password-sealed API keys (decision 0057): asks for that password
 * and restores the keys. A wrong password only says so (the rest of the import is already saved, and
 * the user may try again or skip).
 */
export function KeyImportPrompt({ file }: { file: unknown }) {
  const { t } = useTranslation();
  const vault = useKeyVaultStore();
  const headingId = useId();
  const parsed = useMemo(() => parseKeyExport(file), [file]);
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'asking' });

  if (step.kind === 'skipped') return null;
  if (!parsed)
    return (
      <p role="alert" className="rounded-xl border border-danger/40 bg-danger/5 p-4 text-[13px] text-fg">
        {t('portability.keys.unreadable')}
      </p>
    );
  if (step.kind === 'restored')
    return (
      <p role="status" className="rounded-xl border border-line p-4 text-[13px] text-fg">
        {t('portability.keys.restored', { count: step.count })}
      </p>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setStep({ kind: 'asking', error: t('vault.passwordRequired') });
    setStep({ kind: 'working' });
    try {
      const opened = await openKeyExport(browserVaultCrypto(), parsed, password);
      setStep({ kind: 'restored', count: await restore(vault, opened) });
    } catch (error) {
      setStep({
        kind: 'asking',
        error:
          error instanceof IncorrectPasswordError
            ? t('portability.keys.wrongPassword')
            : t('portability.keys.failed', {
                message: error instanceof Error ? error.message : String(error),
              }),
      });
    }
  };

  return (
    <form
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div>
        <h5 id={headingId} className="text-sm font-semibold text-fg">
          {t('portability.keys.importTitle')}
        </h5>
        <p className="mt-0.5 text-[13px] text-fg-muted">{t('portability.keys.importBody')}</p>
      </div>
      <TextField
        label={t('portability.keys.importPassword')}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={step.kind === 'asking' ? step.error : undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={step.kind === 'working'}>
          {step.kind === 'working' ? t('vault.working') : t('portability.keys.restore')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setStep({ kind: 'skipped' })}>
          {t('portability.keys.skip')}
        </Button>
      </div>
    </form>
  );
}
