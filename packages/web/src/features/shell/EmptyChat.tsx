import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHostSettings } from '../../state';
import { SparkleIcon } from '../../ui/icons/shell';
import { Kbd } from '../../ui/Kbd';
import { useShortcutLabel } from '../shortcuts';

/**
 * The main area before any chat exists; `children` go under the greeting (pinned agents).
 * `hideGreeting`: the deployment's hideWelcomeMessageForLoggedInUsers for a signed-in member.
 */
export function EmptyChat({
  children,
  hideGreeting = false,
}: {
  children?: ReactNode;
  hideGreeting?: boolean;
}) {
  const { t } = useTranslation();
  const toggleChord = useShortcutLabel('toggleSidebar');
  // The host's welcome text (parley.config.json, decision 0126), plain text in place of the default line.
  const welcomeText = useHostSettings((settings) => settings.welcomeText);
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 pb-16 text-center">
      {!hideGreeting && (
        <>
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent shadow-xs"
          >
            <SparkleIcon size={24} />
          </span>
          <h1 className="mt-5 text-2xl font-semibold tracking-tight">{t('shell.emptyChat.title')}</h1>
          <p className="mt-2 max-w-md whitespace-pre-line text-fg-muted">
            {welcomeText ?? t('shell.emptyChat.body')}
          </p>
        </>
      )}
      <p className="mt-8 flex items-center gap-2 text-[13px] text-fg-subtle keyboardless:hidden">
        <Kbd>{toggleChord}</Kbd>
        {t('shell.emptyChat.toggleSidebarHint')}
      </p>
      {children}
    </div>
  );
}
