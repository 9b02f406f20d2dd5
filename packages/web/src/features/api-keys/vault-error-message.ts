import type { TFunction } from 'i18next';
import { IncorrectPasswordError } from '../../state';

/** The message a failed vault action shows: "Incorrect password", or the failure itself. */
export function vaultErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof IncorrectPasswordError) return t('vault.incorrectPassword');
  return t('vault.failed', { message: error instanceof Error ? error.message : String(error) });
}
