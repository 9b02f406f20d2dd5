import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { controlClasses } from '../../ui/field-classes';
import { useFeatureFlags } from '../license';
import { MarkdownView } from '../markdown';
import { HelpAsk } from './HelpAsk';
import { changelogText, faqSections, guideSections } from './help-content';
import { useHelpDialog, type HelpPage } from './help-dialog-store';
import { sectionsShown } from './help-flags';
import { filterSections, type HelpSection } from './help-text';

const PAGES: readonly HelpPage[] = ['guide', 'faq', 'changelog'];

/** A section's element id, also its link: "#help-guide-voice". */
export function sectionAnchor(page: HelpPage, id: string): string {
  return `help-${page}-${id}`;
}

/** The Help screen's pages: the user guide, the FAQ and the changelog, with their texts. */
export function HelpScreen() {
  const { t } = useTranslation();
  const page = useHelpDialog((state) => state.page);
  const show = useHelpDialog((state) => state.show);
  // A link to a section starts the page afresh (no search left over), at that section.
  const target = useHelpDialog((state) => state.target);
  // A feature the host turned off has no help section (parley.config.json).
  const flags = useFeatureFlags((state) => state.flags);
  const guide = useMemo(() => sectionsShown(guideSections, flags), [flags]);
  const faq = useMemo(() => sectionsShown(faqSections, flags), [flags]);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div role="tablist" aria-label={t('help.title')} className="flex flex-wrap gap-1 px-5 pt-1 pb-3">
        {PAGES.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`help-tab-${id}`}
            aria-selected={page === id}
            aria-controls={`help-panel-${id}`}
            onClick={() => show(id)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              page === id ? 'bg-sunken text-fg' : 'text-fg-subtle hover:bg-hover hover:text-fg',
            )}
          >
            {t(`help.pages.${id}`)}
          </button>
        ))}
      </div>
      <HelpAsk />
      <div
        role="tabpanel"
        id={`help-panel-${page}`}
        aria-labelledby={`help-tab-${page}`}
        className="flex min-h-0 flex-1 flex-col"
      >
        {page === 'changelog' ? (
          <div className="min-h-0 overflow-y-auto px-5 pb-5">
            <MarkdownView text={changelogText} />
          </div>
        ) : (
          <SectionsPage
            key={`${page}:${target ?? ''}`}
            page={page}
            sections={page === 'guide' ? guide : faq}
          />
        )}
      </div>
    </div>
  );
}

/** A searchable list of sections with its table of contents (the guide, the FAQ). */
function SectionsPage({ page, sections }: { page: HelpPage; sections: readonly HelpSection[] }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterSections(sections, query), [sections, query]);
  const target = useHelpDialog((state) => state.target);
  // A link to a section (#help-guide-voice) opened the screen: show that section.
  useEffect(() => {
    if (!target) return;
    document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [target]);
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    const anchor = sectionAnchor(page, id);
    document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
    // The address names the section, so it can be copied and opened again (HelpDialogHost reads it).
    history.replaceState(history.state, '', `#${anchor}`);
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="px-5">
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-label={t(page === 'guide' ? 'help.search.guide' : 'help.search.faq')}
          placeholder={t(page === 'guide' ? 'help.search.guide' : 'help.search.faq')}
          className={controlClasses}
        />
        <p className="mt-1 text-xs text-fg-subtle" aria-live="polite">
          {query.trim() === ''
            ? t('help.search.all', { count: sections.length })
            : t('help.search.matches', { count: shown.length })}
        </p>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 pb-5 sm:flex-row">
        <nav
          aria-label={t('help.contents')}
          className="shrink-0 self-start sm:sticky sm:w-52"
          // The contents stay in view beside a long page (top only takes effect where it is sticky).
          style={{ top: 0 }}
        >
          <h3 className="mb-1 text-xs font-medium text-fg-subtle">{t('help.contents')}</h3>
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm sm:flex-col">
            {shown.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${sectionAnchor(page, section.id)}`}
                  onClick={(event) => goTo(event, section.id)}
                  className="text-accent hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          {shown.length === 0 && (
            <p className="text-sm text-fg-subtle">{t('help.search.none', { query: query.trim() })}</p>
          )}
          {shown.map((section) => (
            <section
              key={section.id}
              id={sectionAnchor(page, section.id)}
              aria-labelledby={`${sectionAnchor(page, section.id)}-title`}
              className="mb-4 border-b border-line pb-4 last:border-b-0"
            >
              <h3
                id={`${sectionAnchor(page, section.id)}-title`}
                className="mb-2 text-base font-semibold text-fg"
              >
                {section.title}
              </h3>
              <div className="text-sm">
                <MarkdownView text={section.body} />
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
