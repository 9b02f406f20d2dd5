// The knowledge base (decisions 0106-0109): a project's or the global documents, read, cut into
// passages and indexed in a worker on this device; the passages that answer a question go into the
// request and the answer cites them. The panel, the citations and the worker load on first use.
import { lazyPart } from '../../state';

/** A knowledge base's panel: `projectId` null for the global one. Its own chunk and strings. */
export const KnowledgePanel = lazyPart(() => import('./KnowledgePanel'), {
  strings: 'knowledge',
  pick: (module) => module.KnowledgePanel,
});
/** Settings → Knowledge: the global knowledge base. */
export const KnowledgeSectionLoader = lazyPart(() => import('./KnowledgeSection'), {
  strings: 'knowledge',
  loadingText: 'settings.loading',
});
/** Under an answer: the passages it cites (the chat's answer addon). */
export const KnowledgeCitations = lazyPart(() => import('./KnowledgeCitations'), {
  strings: 'knowledge',
  pick: (module) => module.KnowledgeCitations,
  background: true,
});
export { knowledgeContextSource } from './knowledge-context-source';
export { startKnowledgeSync } from './start-knowledge-sync';
