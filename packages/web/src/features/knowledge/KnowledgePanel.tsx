import { DOCUMENT_LIMITS } from '@parley/core/documents';
import { EMBEDDING_MODELS } from '@parley/core/knowledge';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { usePlatformServices, useProviderAccess } from '../../state';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { addDocuments, cancelIndexing, estimatedCost, pickedFiles, reindexDocuments } from './add-documents';
import { DocumentViewer, type ViewerTarget } from './DocumentViewer';
import {
  embeddingChoicePref,
  embeddingSetupFor,
  globalInChatsPref,
  keyedEmbeddingModels,
  type EmbeddingChoice,
} from './embedding-choice';
import { knowledgeClient } from './knowledge-client';
import { recordDocuments, recordRemoval } from './knowledge-records';
import type { KnowledgeDocument } from './knowledge-protocol';
import { knowledgeUsedPref } from './knowledge-used';
import { useKnowledgeStore } from './knowledge-store';
import { IndexingProgressView } from './IndexingProgressView';

const ACCEPT = '.pdf,.docx,.xlsx,.csv,.md,.txt,.json,.html';
const collator = new Intl.Collator();
/** While indexing, the list follows the documents at most this often (decision 0146). */
const LIST_UPDATE_MS = 300;
/** Rows the list shows at first, and how many more each "Show more" adds (decision 0146). */
const LIST_ROWS = 100;

/**
 * The stored documents for the list: at once when nothing is indexing, at most every
 * LIST_UPDATE_MS while a run adds them one by one, so a run of 1,000 documents renders the panel
 * a few times a second rather than once a document; the end of the run shows them all at once.
 */
function useListedDocuments(): KnowledgeDocument[] | null {
  const [documents, setDocuments] = useState(() => useKnowledgeStore.getState().documents);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      clearTimeout(timer);
      timer = undefined;
      setDocuments(useKnowledgeStore.getState().documents);
    };
    const unsubscribe = useKnowledgeStore.subscribe((state, previous) => {
      if (state.progress === null) {
        if (state.documents !== previous.documents || timer !== undefined) show();
      } else if (state.documents !== previous.documents) timer ??= setTimeout(show, LIST_UPDATE_MS);
    });
    // A change between the first render and this subscription.
    show();
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, []);
  return documents;
}

/**
 * A knowledge base (decision 0106): a project's (`projectId`) or the global one (null). Its
 * documents, adding files or whole folders, the indexing progress with Cancel, removing and
 * re-indexing, and the embedding model with what it costs. Everything stays on this device
 * except the passages sent to the embedding provider the user chose.
 */
export function KnowledgePanel({ projectId }: { projectId: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { ids, clock, store } = usePlatformServices();
  const access = useProviderAccess();
  const all = useListedDocuments();
  // Whether indexing runs (and here), not its counts: the progress view reads those itself, so a
  // step of it does not render this panel and its list again (decision 0134).
  const busy = useKnowledgeStore((state) => state.progress !== null);
  const indexingHere = useKnowledgeStore((state) => state.progress?.projectId === projectId);
  const failures = useKnowledgeStore((state) => state.failures);
  const problem = useKnowledgeStore((state) => state.embeddingProblem);
  const spentTokens = useKnowledgeStore((state) => state.spentTokens);
  const allWaiting = useKnowledgeStore((state) => state.waiting);
  const waiting = useMemo(
    () => allWaiting.filter((record) => record.projectId === projectId),
    [allWaiting, projectId],
  );
  const remove = useCallback(
    (documentId: string) =>
      void knowledgeClient
        .remove(documentId)
        .then(() => recordRemoval(store, documentId))
        .catch((error: unknown) => console.warn('the document could not be removed', error)),
    [store],
  );
  const [choice, setChoice] = useState<EmbeddingChoice>(() => embeddingChoicePref.read());
  const [globalInChats, setGlobalInChats] = useState(() => globalInChatsPref.read());
  const [viewing, setViewing] = useState<ViewerTarget | null>(null);
  const openDocument = useCallback((documentId: string) => setViewing({ documentId, start: 0, end: 0 }), []);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    knowledgeClient
      .open()
      .catch((error: unknown) => console.warn('the knowledge base could not open', error));
  }, []);

  const documents = useMemo(
    () =>
      (all ?? [])
        .filter((document) => document.projectId === projectId)
        .map((document) => ({ document, path: `${document.folder}/${document.name}` }))
        // Each path built once, not twice in every comparison; one collator for the whole sort.
        .sort((a, b) => collator.compare(a.path, b.path))
        .map(({ document }) => document),
    [all, projectId],
  );
  const setup = embeddingSetupFor(choice, access);
  const keyed = keyedEmbeddingModels(access);
  const stale = setup ? documents.filter((document) => document.embeddedWith !== setup.model.key) : [];
  const passages = documents.reduce((sum, document) => sum + document.passages, 0);

  const saveChoice = (next: EmbeddingChoice) => {
    embeddingChoicePref.write(next);
    setChoice(next);
  };
  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    knowledgeUsedPref.write(true);
    const picked = pickedFiles(files);
    void addDocuments(
      picked,
      projectId,
      setup,
      () => `kdoc-${ids.randomId()}`,
      () => clock.now(),
      // Decision 0131: its record and bytes, which sync takes to the user's other devices.
      (indexed) => recordDocuments(store, indexed),
    );
  };

  const choiceValue =
    choice.kind === 'model'
      ? choice.key
      : choice.kind === 'endpoint'
        ? `endpoint:${choice.dialect}`
        : choice.kind;
  const options = [
    {
      value: 'auto',
      label: t('knowledge.embedding.auto', { model: keyed[0]?.model ?? t('knowledge.embedding.none') }),
    },
    { value: 'none', label: t('knowledge.embedding.none') },
    ...EMBEDDING_MODELS.map((model) => ({
      value: model.key,
      label: `${model.model} · ${t('knowledge.embedding.price', { price: format.number(model.usdPerMillionTokens, { style: 'currency', currency: 'USD', maximumFractionDigits: 3 }) })}`,
      disabled: !keyed.includes(model),
    })),
    { value: 'endpoint:ollama', label: t('knowledge.embedding.ollama') },
    { value: 'endpoint:openai', label: t('knowledge.embedding.compatible') },
  ];
  const onChoice = (value: string) => {
    if (value === 'auto' || value === 'none') return saveChoice({ kind: value });
    if (value.startsWith('endpoint:')) {
      const dialect = value === 'endpoint:ollama' ? 'ollama' : 'openai';
      return saveChoice({
        kind: 'endpoint',
        dialect,
        url: dialect === 'ollama' ? 'http://localhost:11434' : '',
        model: dialect === 'ollama' ? 'nomic-embed-text' : '',
      });
    }
    saveChoice({ kind: 'model', key: value });
  };
  // A cost under a hundredth of a cent is shown as "< $0.0001", never as a misleading $0.00.
  const usd = (value: number) =>
    value > 0 && value < 0.0001
      ? `< ${format.number(0.0001, { style: 'currency', currency: 'USD', maximumFractionDigits: 4 })}`
      : format.number(value, {
          style: 'currency',
          currency: 'USD',
          maximumFractionDigits: value < 0.01 ? 4 : 2,
        });

  return (
    <section aria-label={t('knowledge.title')} className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">
        {t('knowledge.summary', { documents: documents.length, passages: format.number(passages) })}
      </p>
      <div className="flex flex-col gap-2">
        <Select
          label={t('knowledge.embedding.label')}
          value={choiceValue}
          options={options}
          onValueChange={onChoice}
          hint={
            setup
              ? setup.model.provider
                ? t('knowledge.embedding.sentTo', {
                    provider: setup.model.provider === 'openai' ? 'OpenAI' : 'Google Gemini',
                  })
                : t('knowledge.embedding.sentToEndpoint', { url: setup.baseUrl })
              : t('knowledge.embedding.wordsOnly')
          }
        />
        {choice.kind === 'endpoint' && (
          <div className="grid gap-2 sm:grid-cols-2">
            <TextField
              label={t('knowledge.embedding.url')}
              value={choice.url}
              onChange={(event) => saveChoice({ ...choice, url: event.target.value })}
            />
            <TextField
              label={t('knowledge.embedding.model')}
              value={choice.model}
              onChange={(event) => saveChoice({ ...choice, model: event.target.value })}
            />
          </div>
        )}
        {setup && setup.model.usdPerMillionTokens > 0 && (
          <p className="text-xs text-fg-subtle">
            {t('knowledge.embedding.cost', {
              estimate: usd(estimatedCost(documents, setup.model)),
              spent: usd((spentTokens * setup.model.usdPerMillionTokens) / 1_000_000),
            })}
          </p>
        )}
      </div>
      {projectId === null && (
        <Switch
          label={t('knowledge.globalInChats')}
          hint={t('knowledge.globalInChatsHint')}
          checked={globalInChats}
          onCheckedChange={(checked) => {
            globalInChatsPref.write(checked);
            setGlobalInChats(checked);
          }}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => filesInput.current?.click()}>
          {t('knowledge.addFiles')}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => folderInput.current?.click()}>
          {t('knowledge.addFolder')}
        </Button>
        {stale.length > 0 && !busy && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void reindexDocuments(stale, setup, () => clock.now())}
          >
            {t('knowledge.reindex', { count: stale.length })}
          </Button>
        )}
        <input
          ref={filesInput}
          type="file"
          multiple
          accept={ACCEPT}
          aria-label={t('knowledge.addFiles')}
          className="hidden"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        <input
          ref={folderInput}
          type="file"
          multiple
          aria-label={t('knowledge.addFolder')}
          className="hidden"
          {...{ webkitdirectory: '' }}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {stale.length > 0 && !busy && (
        <p className="text-xs text-fg-subtle">
          {t('knowledge.staleHint', { count: stale.length, model: setup?.model.model ?? '' })}
        </p>
      )}
      {indexingHere && <IndexingProgressView now={() => clock.now()} onCancel={cancelIndexing} />}
      {failures.length > 0 && (
        <ul
          role="alert"
          aria-label={t('knowledge.failuresLabel')}
          className="flex flex-col gap-1 text-sm text-danger"
        >
          {failures.map((failure, index) => (
            <li key={index}>
              {t(`documents.errors.${failure.reason}`, {
                name: failure.name,
                type: failure.name.split('.').pop()?.toUpperCase() ?? '',
                types: ACCEPT.replaceAll('.', ''),
                size: format.bytes(failure.size ?? 0),
                max: format.bytes(DOCUMENT_LIMITS.maxFileBytes),
              })}
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {t('knowledge.embeddingFailed', { message: problem.message })}
        </p>
      )}
      {documents.length === 0 && all !== null ? (
        <p className="text-sm text-fg-subtle">{t('knowledge.empty')}</p>
      ) : (
        <DocumentList documents={documents} onOpen={openDocument} onRemove={remove} />
      )}
      {waiting.length > 0 && (
        <ul
          aria-label={t('knowledge.sync.waitingLabel')}
          className="flex flex-col gap-1 text-sm text-fg-subtle"
        >
          {waiting.map((record) => (
            <li key={record.id}>{t('knowledge.sync.waiting', { name: record.name })}</li>
          ))}
        </ul>
      )}
      {viewing && <DocumentViewer target={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}

/**
 * Memoised: the panel's other changes while indexing (tokens spent, a failure) do not go through
 * the list's rows again, only a change of the documents does (decision 0134). A long list shows
 * its first LIST_ROWS rows and "Show more": a base of 1,000 documents lays out a hundred rows, not a
 * thousand, each time it changes (decision 0146).
 */
const DocumentList = memo(function DocumentList({
  documents,
  onOpen,
  onRemove,
}: {
  documents: readonly KnowledgeDocument[];
  onOpen: (documentId: string) => void;
  onRemove: (documentId: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [rows, setRows] = useState(LIST_ROWS);
  const shown = documents.length > rows ? documents.slice(0, rows) : documents;
  // The rows' words, made once for all rows: a row mounts without hooks of its own.
  const words = useMemo<RowWords>(
    () => ({
      passages: (count) => t('knowledge.passages', { count }),
      size: (bytes) => format.bytes(bytes, 1),
      vectors: t('knowledge.vectors'),
      remove: (name) => t('knowledge.remove', { name }),
      removeShort: t('knowledge.removeShort'),
    }),
    [t, format],
  );
  return (
    <div className="flex flex-col gap-2">
      <ul
        aria-label={t('knowledge.documentsLabel')}
        className="flex flex-col divide-y divide-line rounded-lg border border-line"
      >
        {shown.map((document) => (
          <DocumentRow
            key={document.id}
            document={document}
            words={words}
            onOpen={onOpen}
            onRemove={onRemove}
          />
        ))}
      </ul>
      {shown.length < documents.length && (
        <Button
          size="sm"
          variant="ghost"
          className="self-start"
          onClick={() => setRows((count) => count + LIST_ROWS)}
        >
          {t('knowledge.showMore', {
            shown: format.number(shown.length),
            total: format.number(documents.length),
          })}
        </Button>
      )}
    </div>
  );
});

type RowWords = {
  passages: (count: number) => string;
  size: (bytes: number) => string;
  vectors: string;
  remove: (name: string) => string;
  removeShort: string;
};

/** Memoised: a document indexed re-renders its own row, not the hundreds before it. */
const DocumentRow = memo(function DocumentRow({
  document,
  words,
  onOpen,
  onRemove,
}: {
  document: KnowledgeDocument;
  words: RowWords;
  onOpen: (documentId: string) => void;
  onRemove: (documentId: string) => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-3 py-2 text-sm">
      <button
        type="button"
        className="min-w-0 flex-1 basis-40 truncate text-start hover:underline"
        onClick={() => onOpen(document.id)}
      >
        {document.folder && <span className="text-fg-subtle">{document.folder}/</span>}
        {document.name}
      </button>
      <span className="shrink-0 text-xs text-fg-subtle">
        {words.passages(document.passages)} · {words.size(document.size)}
        {document.embeddedWith ? ` · ${words.vectors}` : ''}
      </span>
      <Button
        size="sm"
        variant="ghost"
        aria-label={words.remove(document.name)}
        onClick={() => onRemove(document.id)}
      >
        {words.removeShort}
      </Button>
    </li>
  );
});
