import type { KnowledgeSyncDeps } from './knowledge-sync';

/**
 * Decision 0131: indexes here the documents other devices added, and removes those removed there.
 * The code that does it (and the knowledge worker) loads only once this device has a document
 * record, at start or when one arrives; `retry` tells when missing bytes may be reachable now.
 */
export function startKnowledgeSync(
  deps: KnowledgeSyncDeps & { retry: (listener: () => void) => () => void },
): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  const begin = () => {
    if (stop || stopped) return;
    stop = () => undefined;
    import('./knowledge-sync').then(
      (module) => {
        if (stopped) return;
        stop = module.startKnowledgeSync(deps);
      },
      (error: unknown) => {
        stop = null;
        console.warn('the knowledge base could not load to index synced documents', error);
      },
    );
  };
  const offChange = deps.store.onChange((change) => {
    if (change.area === 'knowledgeDocuments') begin();
  });
  void deps.store.knowledgeDocuments
    .count({ includeDeleted: true })
    .then((count) => count > 0 && begin())
    .catch(() => undefined);
  return () => {
    stopped = true;
    offChange();
    stop?.();
  };
}
