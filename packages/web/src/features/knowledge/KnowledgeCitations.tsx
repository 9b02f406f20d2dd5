import { citedNumbers, type Citation } from '@parley/core/knowledge';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setAnswerCitationLinks, type AnswerAddonProps } from '../chat';
import { DocumentViewer, type ViewerTarget } from './DocumentViewer';
import { knowledgeClient } from './knowledge-client';
import { useKnowledgeStore } from './knowledge-store';
import { knowledgeUsedPref } from './knowledge-used';

/**
 * KB13: under an answer, the passages it cites, by number (`[1] guide.md › Setup`); each opens its
 * document at the passage. The passages an answer was given are kept by its question's id. The same
 * numbers in the answer's text open them too (decision 0132): they are handed to the chat while shown.
 */
export function KnowledgeCitations({ message }: AnswerAddonProps) {
  const { t } = useTranslation();
  const questionId = message.parentId ?? null;
  const kept = useKnowledgeStore((state) => (questionId ? state.citations[questionId] : undefined));
  const [viewing, setViewing] = useState<ViewerTarget | null>(null);
  useEffect(() => {
    if (!questionId || kept !== undefined || !knowledgeUsedPref.read()) return;
    knowledgeClient.citations(questionId).then(
      (citations) =>
        useKnowledgeStore.setState((state) => ({
          citations: { ...state.citations, [questionId]: citations },
        })),
      () => undefined,
    );
  }, [questionId, kept]);
  const text = typeof message.content === 'string' ? message.content : '';
  const cited = useMemo(
    () =>
      kept
        ? citedNumbers(text, kept.length)
            .map((number) => kept[number - 1])
            .filter((citation): citation is Citation => citation !== undefined)
        : [],
    [kept, text],
  );
  useEffect(() => {
    if (cited.length === 0) return;
    const byNumber = new Map(cited.map((citation) => [citation.number, citation]));
    setAnswerCitationLinks(message.id, {
      label: (number) => {
        const citation = byNumber.get(number);
        return citation ? t('knowledge.citations.open', { number, name: sourceName(citation) }) : null;
      },
      open: (number) => {
        const citation = byNumber.get(number);
        if (citation)
          setViewing({ documentId: citation.documentId, start: citation.start, end: citation.end });
      },
    });
    return () => setAnswerCitationLinks(message.id, null);
  }, [cited, message.id, t]);
  if (cited.length === 0) return null;
  return (
    <nav
      aria-label={t('knowledge.citations.label')}
      className="mt-2 flex flex-wrap items-center gap-1.5 text-xs"
    >
      <span className="text-fg-subtle">{t('knowledge.citations.title')}</span>
      {cited.map((citation) => (
        <button
          key={citation.number}
          type="button"
          className="inline-flex max-w-full items-center gap-1 rounded-md border border-line bg-raised px-2 py-0.5 text-fg-muted hover:bg-hover hover:text-fg"
          title={citation.text.slice(0, 200)}
          onClick={() =>
            setViewing({ documentId: citation.documentId, start: citation.start, end: citation.end })
          }
        >
          <span className="font-semibold text-accent">[{citation.number}]</span>
          <span className="truncate">{sourceName(citation)}</span>
        </button>
      ))}
      {viewing && <DocumentViewer target={viewing} onClose={() => setViewing(null)} />}
    </nav>
  );
}

/** `guide.md › Setup`: the document and the passage's heading. */
function sourceName(citation: Citation): string {
  return citation.heading ? `${citation.documentName} › ${citation.heading}` : citation.documentName;
}
