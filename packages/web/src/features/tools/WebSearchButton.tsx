import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { GlobeIcon } from '../../ui/icons/chat';
import { BlockedFeatureNotice, useFeatureAccess } from '../license';
import { useWebSearchToggle } from './web-search-toggle';

/**
 * The composer's search button: turns web search on for the next message (tools SPEC WS4). A paid
 * feature (webSearch, Extended and up): blocked, a click says why and offers the upgrade; switched
 * off by the deployment, the button is not shown.
 */
export function WebSearchButton() {
  const { t } = useTranslation();
  const access = useFeatureAccess('webSearch');
  const armed = useWebSearchToggle((state) => state.armed);
  const [showBlocked, setShowBlocked] = useState(false);
  if (!access.allowed && access.reason === 'disabled') return null;
  return (
    <span className="relative inline-flex">
      <button
        type="button"
        aria-label={t('tools.webSearch.button')}
        aria-pressed={access.allowed ? armed : false}
        aria-expanded={access.allowed ? undefined : showBlocked}
        onClick={() =>
          access.allowed ? useWebSearchToggle.setState({ armed: !armed }) : setShowBlocked((open) => !open)
        }
        className={cn(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-xl transition-colors',
          armed ? 'bg-accent-soft text-accent-soft-fg' : 'text-fg-muted hover:bg-hover',
        )}
      >
        <GlobeIcon size={18} />
      </button>
      {showBlocked && !access.allowed && (
        <div className="absolute right-0 bottom-full z-30 mb-2 w-80">
          <BlockedFeatureNotice
            result={access}
            className="bg-raised shadow-popover"
            onUpgrade={() => setShowBlocked(false)}
          />
        </div>
      )}
    </span>
  );
}
