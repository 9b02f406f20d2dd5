import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { notify } from '../toasts';
import { SecretInput } from './SecretInput';
import { useKeyVault } from '../../state';
import { useVaultAction } from './use-vault-action';
import { usePasswordFields } from './use-password-fields';
import { LockIcon } from '../../ui/icons/settings';

type Mode = 'idle' | 'change' | 'remove';

/** Set, change or remove the password that encrypts the API keys. */
export function PasswordSettings() {
  const { t } = useTranslation();
  const hasPassword = useKeyVault((state) => state.stored.lock !== null);
  const [mode, setMode] = useState<Mode>('idle');
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-4"
      aria-labelledby="vault-password-title"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="mt-0.5 text-fg-subtle">
          <LockIcon size={18} />
        </span>
        <div className="flex flex-col gap-1">
          <h3 id="vault-password-title" className="text-sm font-semibold text-fg">
            {t('vault.sectionTitle')}
          </h3>
          <p className="text-[13px] text-fg-muted">{hasPassword ? t('vault.onBody') : t('vault.offBody')}</p>
        </div>
      </div>
      {!hasPassword && <SetPasswordForm />}
      {hasPassword && mode === 'idle' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setMode('change')}>
            {t('vault.changePassword')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMode('remove')}>
            {t('vault.removePassword')}
          </Button>
        </div>
      )}
      {hasPassword && mode === 'change' && <ChangePasswordForm onDone={() => setMode('idle')} />}
      {hasPassword && mode === 'remove' && <RemovePasswordForm onDone={() => setMode('idle')} />}
    </section>
  );
}

/** New password twice; the error names what is wrong before any key is touched. */
function useNewPassword() {
  const { t } = useTranslation();
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const check = (): string | undefined => {
    if (next === '') return t('vault.passwordRequired');
    if (next !== confirm) return t('vault.passwordsDiffer');
    return undefined;
  };
  return { next, setNext, confirm, setConfirm, check };
}

/** The new password and its confirmation, side by side; `error` shows under the confirmation. */
function NewPasswordFields({ fields, error }: { fields: ReturnType<typeof useNewPassword>; error?: string }) {
  const { t } = useTranslation();
  const field = usePasswordFields();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SecretInput
        {...field(t('vault.newPassword'))}
        autoComplete="new-password"
        value={fields.next}
        onChange={(event) => fields.setNext(event.target.value)}
      />
      <SecretInput
        {...field(t('vault.confirmPassword'))}
        autoComplete="new-password"
        value={fields.confirm}
        onChange={(event) => fields.setConfirm(event.target.value)}
        error={error}
      />
    </div>
  );
}

function SetPasswordForm() {
  const { t } = useTranslation();
  const setPassword = useKeyVault((state) => state.setPassword);
  const fields = useNewPassword();
  const { busy, error, setError, run } = useVaultAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = fields.check();
    if (problem) return setError(problem);
    if (await run(() => setPassword(fields.next))) notify.success(t('vault.passwordSet'));
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <NewPasswordFields fields={fields} error={error} />
      <Button type="submit" variant="primary" size="sm" className="self-start" disabled={busy}>
        {busy ? t('vault.working') : t('vault.setPassword')}
      </Button>
    </form>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const field = usePasswordFields();
  const changePassword = useKeyVault((state) => state.changePassword);
  const [current, setCurrent] = useState('');
  const fields = useNewPassword();
  const { busy, error, setError, run } = useVaultAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = fields.check();
    if (problem) return setError(problem);
    if (await run(() => changePassword(current, fields.next))) {
      notify.success(t('vault.passwordChanged'));
      onDone();
    }
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <SecretInput
        {...field(t('vault.currentPassword'))}
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <NewPasswordFields fields={fields} />
      {error && (
        <p role="alert" className="text-[13px] text-danger">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={busy}>
          {busy ? t('vault.working') : t('vault.saveNewPassword')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

function RemovePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const field = usePasswordFields();
  const removePassword = useKeyVault((state) => state.removePassword);
  const [current, setCurrent] = useState('');
  const { busy, error, run } = useVaultAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => removePassword(current))) {
      notify.success(t('vault.passwordRemoved'));
      onDone();
    }
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
      <SecretInput
        {...field(t('vault.currentPassword'))}
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={error}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={busy}>
          {busy ? t('vault.working') : t('vault.confirmRemove')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
