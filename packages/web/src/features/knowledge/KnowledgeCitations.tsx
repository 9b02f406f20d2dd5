import { citedNumbers, type Citation } from '@parley/core/knowledge';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerAddonProps } from '../chat';
import { DocumentViewer, type ViewerTarget } from './DocumentViewer';
import { knowledgeClient } from './knowledge-client';
import { useKnowledgeStore } from './knowledge-store';
import { knowledgeUsedPref } from './knowledge-used';

/**
 * KB13: under an answer, the passages it cites, by number (`[1] guide.md › Setup`); each opens its
 * document at the passage. The passages an answer was given are kept by its question's id.
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
  if (!kept || kept.length === 0) return null;
  const text = typeof message.content === 'string' ? message.content : '';
  const cited = citedNumbers(text, kept.length)
    .map((number) => kept[number - 1])
    .filter((citation): citation is Citation => citation !== undefined);
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
          <span className="truncate">
            {citation.documentName}
            {citation.heading ? ` › ${citation.heading}` : ''}
          </span>
        </button>
      ))}
      {viewing && <DocumentViewer target={viewing} onClose={() => setViewing(null)} />}
    </nav>
  );
}
