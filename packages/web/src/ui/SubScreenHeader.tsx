import { useEffect, useRef, type ReactNode } from 'react';
import { IconButton } from './IconButton';
import { ArrowLeftIcon } from './icons/settings';
import { useRescueFocus } from './use-rescue-focus';

/**
 * The top of a sub-screen inside a Settings section (Data > Recover, License > Plans): a back button,
 * the title and an intro. The button that opened the screen is gone, so the heading takes focus:
 * always (`focus="always"`), or only when focus fell to <body> (`focus="rescue"`).
 */
export function SubScreenHeader({
  headingId,
  title,
  intro,
  backLabel,
  onBack,
  level = 3,
  focus = 'always',
}: {
  headingId: string;
  title: string;
  intro: ReactNode;
  backLabel: string;
  onBack: () => void;
  level?: 3 | 4;
  focus?: 'always' | 'rescue';
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus === 'always') headingRef.current?.focus();
  }, [focus]);
  useRescueFocus(focus === 'rescue' ? headingRef : noTarget);
  const Heading = level === 4 ? 'h4' : 'h3';
  return (
    <div className="flex items-start gap-2">
      <IconButton
        label={backLabel}
        icon={<ArrowLeftIcon size={16} />}
        className="-ml-2 size-8"
        onClick={onBack}
      />
      <div className="min-w-0 flex-1 pt-1">
        <Heading
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-semibold text-fg outline-none"
        >
          {title}
        </Heading>
        <p className="mt-1 text-[13px] text-fg-muted">{intro}</p>
      </div>
    </div>
  );
}

const noTarget = { current: null };
