import { providerNames } from '@parley/core/models';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import {
  browserVaultCrypto,
  type ExportedKeys,
  IncorrectPasswordError,
  type KeyRestorePlan,
  type KeyVaultStore,
  openKeyExport,
  parseKeyExport,
  planKeyRestore,
  useKeyVaultStore,
} from '../../state';

type Step =
  | { kind: 'asking'; error?: string }
  | { kind: 'working' }
  /** The file would change where requests go: the user says yes or keeps the endpoints here. */
  | { kind: 'confirm'; opened: ExportedKeys; plan: KeyRestorePlan }
  | { kind: 'restored'; count: number; endpoints: number; leftOut: number }
  | { kind: 'skipped' };

/**
 * Puts opened keys into the vault as the plan says (decision 0070): each key, the endpoints that came
 * with their key when `withEndpoints`, custom secrets added to the ones here.
 */
async function restore(
  vault: KeyVaultStore,
  opened: ExportedKeys,
  plan: KeyRestorePlan,
  withEndpoints: boolean,
): Promise<Extract<Step, { kind: 'restored' }>> {
  const state = vault.getState();
  for (const provider of plan.keys) await state.setKey(provider, opened.keys[provider]!);
  const endpoints = withEndpoints ? plan.endpointChanges : [];
  for (const change of endpoints) state.setEndpoint(change.provider, change.to);
  if (Object.keys(opened.secrets).length > 0)
    await state.updateCustomSecrets((current) => ({ ...current, ...opened.secrets }));
  return {
    kind: 'restored',
    count: plan.keys.length,
    endpoints: endpoints.length,
    leftOut: plan.endpointsLeftOut.length + (withEndpoints ? 0 : plan.endpointChanges.length),
  };
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
        {[
          t('portability.keys.restored', { count: step.count }),
          step.endpoints > 0 && t('portability.keys.endpointsRestored', { count: step.endpoints }),
          step.leftOut > 0 && t('portability.keys.endpointsLeftOut', { count: step.leftOut }),
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
    );
  if (step.kind === 'confirm') {
    const finish = async (withEndpoints: boolean) => {
      setStep({ kind: 'working' });
      try {
        setStep(await restore(vault, step.opened, step.plan, withEndpoints));
      } catch (error) {
        setStep({
          kind: 'asking',
          error: t('portability.keys.failed', {
            message: error instanceof Error ? error.message : String(error),
          }),
        });
      }
    };
    return (
      <section
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4 text-accent-soft-fg"
      >
        <div>
          <h5 id={headingId} className="text-sm font-semibold">
            {t('portability.keys.endpointsTitle')}
          </h5>
          <p className="mt-0.5 text-[13px] opacity-90">{t('portability.keys.endpointsBody')}</p>
        </div>
        <ul className="flex flex-col gap-1.5 text-[13px]">
          {step.plan.endpointChanges.map((change) => (
            <li key={change.provider} className="break-all">
              {t('portability.keys.endpointChange', {
                provider: providerNames[change.provider],
                from: change.from,
                to: change.to,
              })}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={() => void finish(true)}>
            {t('portability.keys.useFileEndpoints')}
          </Button>
          <Button type="button" variant="primary" size="sm" onClick={() => void finish(false)}>
            {t('portability.keys.keepEndpoints')}
          </Button>
        </div>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setStep({ kind: 'asking', error: t('vault.passwordRequired') });
    setStep({ kind: 'working' });
    try {
      const opened = await openKeyExport(browserVaultCrypto(), parsed, password);
      const plan = planKeyRestore(opened, vault.getState().stored.endpoints);
      if (plan.endpointChanges.length > 0) setStep({ kind: 'confirm', opened, plan });
      else setStep(await restore(vault, opened, plan, false));
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
