import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { knowledgeClient } from './knowledge-client';
import type { DocumentText } from './knowledge-protocol';

/** Where to open a document: the passage to show highlighted (start == end: the top). */
export type ViewerTarget = { documentId: string; start: number; end: number };

/**
 * A document of the knowledge base opened at a passage (KB4: the passage is the text between its
 * offsets), the passage marked and scrolled into view. The document's text is untrusted: it is
 * shown as text, never parsed as HTML or Markdown.
 */
export function DocumentViewer({ target, onClose }: { target: ViewerTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<DocumentText | undefined>(undefined);
  const mark = useRef<HTMLElement>(null);
  useEffect(() => {
    let live = true;
    knowledgeClient.text(target.documentId).then(
      (result) => live && setLoaded(result),
      () => live && setLoaded(null),
    );
    return () => {
      live = false;
    };
  }, [target.documentId]);
  useEffect(() => {
    if (loaded) mark.current?.scrollIntoView({ block: 'center' });
  }, [loaded]);
  const title = loaded ? loaded.document.name : t('knowledge.viewer.loading');
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      closeLabel={t('knowledge.viewer.close')}
      size="lg"
      initialFocus="panel"
    >
      {loaded === null ? (
        <p className="text-sm text-fg-subtle">{t('knowledge.viewer.missing')}</p>
      ) : loaded === undefined ? (
        <p className="text-sm text-fg-subtle">{t('knowledge.viewer.loading')}</p>
      ) : (
        <div
          data-testid="knowledge-document-text"
          className="max-h-[65vh] overflow-y-auto rounded-lg bg-sunken p-4 text-sm leading-relaxed break-words whitespace-pre-wrap"
        >
          {loaded.text.slice(0, target.start)}
          {target.end > target.start && (
            <mark
              ref={mark}
              aria-label={t('knowledge.viewer.passage')}
              className="rounded bg-accent/20 text-fg ring-2 ring-accent/40"
            >
              {loaded.text.slice(target.start, target.end)}
            </mark>
          )}
          {loaded.text.slice(Math.max(target.start, target.end))}
        </div>
      )}
    </Dialog>
  );
}
