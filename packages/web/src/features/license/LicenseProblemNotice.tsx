import { useTranslation } from 'react-i18next';
import { useLicenseStore } from '../../state';

/** Why this device lost its license: a token that failed verification, or one the server refused. */
export function LicenseProblemNotice() {
  const { t } = useTranslation();
  const problem = useLicenseStore((store) => store.problem);
  if (!problem) return null;
  const text =
    problem === 'token_refused'
      ? t('license.problems.tokenRefused')
      : problem.reason === 'no_public_key'
        ? t('license.problems.noPublicKey')
        : t('license.problems.storedTokenRejected');
  return (
    <p role="alert" className="rounded-xl bg-danger-soft px-3.5 py-2.5 text-sm text-danger-soft-fg">
      {text}
    </p>
  );
}
