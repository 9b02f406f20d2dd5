import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './IconButton';
import { ArrowLeftIcon } from './icons/settings';

/** The top of a Data sub-screen: back to the overview, the title (focused on arrival), an intro. */
export function ScreenHeader({
  headingId,
  title,
  intro,
  onBack,
}: {
  headingId: string;
  title: string;
  intro: ReactNode;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that opened this screen is gone; keep keyboard and screen-reader users in place.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex items-start gap-2">
      <IconButton
        label={t('data.back')}
        icon={<ArrowLeftIcon size={16} />}
        className="-ml-2 size-8"
        onClick={onBack}
      />
      <div className="min-w-0 flex-1 pt-1">
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-sm font-semibold text-fg outline-none">
          {title}
        </h3>
        <p className="mt-1 text-[13px] text-fg-muted">{intro}</p>
      </div>
    </div>
  );
}
