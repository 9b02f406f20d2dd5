import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/Dialog';
import { useSettingsDialog } from './settings-dialog-store';
import type { SettingsSection } from './settings-section';

/** Settings: a vertical tab list of sections on the left, the chosen section on the right. */
export function SettingsDialog({ sections }: { sections: readonly SettingsSection[] }) {
  const { t } = useTranslation();
  const { isOpen, sectionId, showSection, close } = useSettingsDialog();
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedTabRef = useRef<HTMLButtonElement | null>(null);
  const current = sections.find((section) => section.id === sectionId) ?? sections[0];
  if (!current) return null;

  const onTabKeyDown = (event: KeyboardEvent, index: number) => {
    const last = sections.length - 1;
    const next: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowRight: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    showSection(sections[target]!.id);
    tabRefs.current[target]?.focus();
  };

  const { Content } = current;
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      title={t('settings.title')}
      closeLabel={t('settings.close')}
      initialFocus={selectedTabRef}
      size="lg"
      className="h-[min(600px,calc(100dvh-2rem))]"
    >
      <div className="mt-3 flex min-h-0 flex-1 flex-col border-t border-line sm:flex-row">
        <div
          role="tablist"
          // On a phone the sections are a strip that scrolls sideways, on purpose.
          data-scroll-x=""
          aria-label={t('settings.sectionsLabel')}
          aria-orientation="vertical"
          className="flex shrink-0 gap-0.5 overflow-x-auto border-b border-line p-2 sm:w-52 sm:flex-col sm:border-r sm:border-b-0"
        >
          {sections.map((section, index) => {
            const selected = section.id === current.id;
            return (
              <button
                key={section.id}
                ref={(element) => {
                  tabRefs.current[index] = element;
                  if (selected) selectedTabRef.current = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${section.id}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => showSection(section.id)}
                onKeyDown={(event) => onTabKeyDown(event, index)}
                className={cn(
                  // A long name ("Облачная синхронизация") takes two lines, left-aligned like the rest.
                  'flex min-h-9 shrink-0 items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-left text-sm leading-5 font-medium transition-colors',
                  selected ? 'bg-active text-fg' : 'text-fg-muted hover:bg-hover hover:text-fg',
                )}
              >
                <span aria-hidden="true" className="text-fg-subtle">
                  {section.icon}
                </span>
                {t(`settings.sections.${section.id}`)}
              </button>
            );
          })}
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          className="min-h-0 flex-1 overflow-y-auto px-6 py-5"
        >
          <Content />
        </div>
      </div>
    </Dialog>
  );
}
