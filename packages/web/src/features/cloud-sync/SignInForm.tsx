import { CredentialsSchema, MIN_PASSWORD_LENGTH } from '@parley/core/sync';
import { INVITE_QUERY_PARAM, SyncAccountError } from '@parley/core/sync-client';
import { PASSWORD_ONLY, type AuthMethods } from '@parley/core/sync';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { TextField } from '../../ui/TextField';
import { notify } from '../toasts';
import { useCloudSync, useCloudSyncState } from './cloud-sync-context';
import { fetchAuthMethods, ssoStartUrl } from './sso-sign-in';

type Mode = 'signIn' | 'signUp';
type FieldErrors = { email?: string; password?: string; form?: string };

/** Sign in to an existing account, or create one; either way sync starts at once. */
export function SignInForm() {
  const { t } = useTranslation();
  const cloudSync = useCloudSync();
  // An admin's invitation link (`?invite=…`, server admin SPEC AD7): sign-up, with its token.
  const [invite, setInvite] = useState(
    () => new URLSearchParams(window.location.search).get(INVITE_QUERY_PARAM) ?? undefined,
  );
  const [mode, setMode] = useState<Mode>(invite ? 'signUp' : 'signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const serverUrl = useCloudSyncState((state) => state.serverUrl);
  // SSO1: the server says whether it offers single sign-on and still takes passwords.
  const [methods, setMethods] = useState<AuthMethods>(PASSWORD_ONLY);
  useEffect(() => {
    let current = true;
    void fetchAuthMethods(serverUrl).then((answer) => {
      if (current) setMethods(answer);
    });
    return () => {
      current = false;
    };
  }, [serverUrl]);
  const sso = methods.sso;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = CredentialsSchema.safeParse({ email, password });
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((issue) => issue.path[0]));
      setErrors({
        email: paths.has('email') ? t('cloudSync.auth.invalidEmail') : undefined,
        password: paths.has('password')
          ? t('cloudSync.auth.shortPassword', { count: MIN_PASSWORD_LENGTH })
          : undefined,
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (mode === 'signUp') {
        await cloudSync.signUp(parsed.data, invite);
        if (invite) {
          // Used up: the address no longer carries it.
          const url = new URL(window.location.href);
          url.searchParams.delete(INVITE_QUERY_PARAM);
          window.history.replaceState(window.history.state, '', url);
          setInvite(undefined);
        }
      } else await cloudSync.signIn(parsed.data);
      notify.success(t('cloudSync.auth.signedIn', { email: parsed.data.email }));
    } catch (error) {
      const message =
        error instanceof SyncAccountError ? error.userMessage : t('cloudSync.errors.userFetchFailed');
      setErrors({ form: message });
    } finally {
      setBusy(false);
    }
  };

  const ssoButton = sso && (
    <Button
      variant={methods.password ? 'secondary' : 'primary'}
      wrap
      className="self-start"
      onClick={() => window.location.assign(ssoStartUrl(serverUrl, sso.startUrl, window.location.href))}
    >
      {t('cloudSync.sso.signInWith', { label: sso.label })}
    </Button>
  );
  if (!methods.password)
    return <div className="flex flex-col gap-4 rounded-xl border border-line p-4">{ssoButton}</div>;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-xl border border-line p-4">
      {ssoButton && (
        <>
          {ssoButton}
          <p className="text-[13px] text-fg-muted">{t('cloudSync.sso.orPassword')}</p>
        </>
      )}
      <SegmentedControl<Mode>
        label={t('cloudSync.auth.modeLabel')}
        value={mode}
        onValueChange={(next) => {
          setMode(next);
          setErrors({});
        }}
        options={[
          { value: 'signIn', label: t('cloudSync.auth.signIn') },
          { value: 'signUp', label: t('cloudSync.auth.signUp') },
        ]}
      />
      {invite && mode === 'signUp' && (
        <p className="text-[13px] text-fg-muted">{t('cloudSync.auth.invited')}</p>
      )}
      <TextField
        label={t('cloudSync.auth.email')}
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label={t('cloudSync.auth.password')}
        type="password"
        autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
        hint={
          mode === 'signUp' ? t('cloudSync.auth.passwordHint', { count: MIN_PASSWORD_LENGTH }) : undefined
        }
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {errors.form && (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger-soft-fg">
          {errors.form}
        </p>
      )}
      <Button type="submit" variant="primary" aria-disabled={busy} className="self-start">
        {busy
          ? t('cloudSync.auth.working')
          : mode === 'signUp'
            ? t('cloudSync.auth.submitSignUp')
            : t('cloudSync.auth.submitSignIn')}
      </Button>
    </form>
  );
}
