import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ChatBubbleIcon } from '../../ui/icons/shell';
import { usePasswordFields } from './use-password-fields';
import { SecretInput } from './SecretInput';
import { useKeyVault } from '../../state';
import { useVaultAction } from './use-vault-action';

/** Shown instead of the app while the keys are encrypted and the password not yet entered. */
export function UnlockScreen() {
  const { t } = useTranslation();
  const field = usePasswordFields();
  const unlock = useKeyVault((state) => state.unlock);
  const forgetKeys = useKeyVault((state) => state.forgetKeys);
  const [password, setPassword] = useState('');
  const [confirmingForget, setConfirmingForget] = useState(false);
  const { busy, error, run } = useVaultAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(() => unlock(password));
  };

  return (
    <main className="flex min-h-full items-center justify-center bg-app p-4 text-fg">
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-2xl border border-line bg-raised p-6 shadow-popover">
        <div className="flex flex-col items-center gap-3 text-center">
          <span
            aria-hidden="true"
            className="flex size-11 items-center justify-center rounded-xl bg-accent text-accent-fg shadow-sm"
          >
            <ChatBubbleIcon size={22} strokeWidth={2} />
          </span>
          <h1 className="text-lg font-semibold tracking-tight">{t('vault.unlock.title')}</h1>
          <p className="text-sm text-fg-muted">{t('vault.unlock.body')}</p>
        </div>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <SecretInput
            {...field(t('vault.password'))}
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error}
          />
          <Button type="submit" variant="primary" disabled={busy || password === ''}>
            {busy ? t('vault.unlock.unlocking') : t('vault.unlock.submit')}
          </Button>
        </form>
        <Button
          variant="ghost"
          size="sm"
          className="self-center text-fg-muted"
          onClick={() => setConfirmingForget(true)}
        >
          {t('vault.unlock.forget')}
        </Button>
      </div>
      <Dialog
        open={confirmingForget}
        onClose={() => setConfirmingForget(false)}
        role="alertdialog"
        size="sm"
        title={t('vault.unlock.forgetTitle')}
        description={t('vault.unlock.forgetBody')}
      >
        <div className="flex justify-end gap-2 px-5 pt-5 pb-4">
          <Button onClick={() => setConfirmingForget(false)}>{t('common.cancel')}</Button>
          <Button variant="danger" onClick={forgetKeys}>
            {t('vault.unlock.forgetConfirm')}
          </Button>
        </div>
      </Dialog>
    </main>
  );
}
