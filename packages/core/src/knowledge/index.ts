/**
 * @parley/core/knowledge: the knowledge base (rules in SPEC.md): documents cut into passages, the
 * hybrid index (full text and vectors), embedding calls to the user's provider, and the passages
 * an answer is given and cites. Platform-neutral: the web app runs the index in a worker.
 */
export { PASSAGE_DEFAULTS, passageSearchText, splitIntoPassages } from './passages';
export type { Passage, PassageOptions } from './passages';
export {
  chooseCitations,
  citedNumbers,
  KNOWLEDGE_CONTEXT_SHARE,
  KNOWLEDGE_MAX_PASSAGES,
  KNOWLEDGE_SECTION_TITLE,
  KNOWLEDGE_TOKEN_CAP,
  knowledgeBudget,
  knowledgeSection,
} from './knowledge-context';
export type { Citation, KnowledgeHit } from './knowledge-context';
export {
  buildEmbeddingCall,
  buildQueryEmbeddingCall,
  EMBEDDING_MODELS,
  EMBEDDING_RETRY,
  EmbeddingAnswerError,
  embeddingBatches,
  embeddingCost,
  embeddingRetryDelay,
  endpointEmbeddingModel,
  normalise,
  readEmbeddingAnswer,
} from './embeddings';
export type {
  EmbeddingCall,
  EmbeddingDialect,
  EmbeddingModel,
  EmbeddingResult,
  EmbeddingTarget,
} from './embeddings';
export { GLOBAL_SCOPE, KNOWLEDGE_INDEX_FORMAT, KnowledgeIndex, scopeOf } from './knowledge-index';
export type { IndexedDocument, KnowledgeIndexSnapshot, KnowledgeQuery } from './knowledge-index';
export { KNOWLEDGE_DATABASE_NAME } from './knowledge-database-name';
