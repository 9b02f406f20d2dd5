/**
 * The web app's own IndexedDB database for knowledge bases (decision 0106), named here so the storage
 * adapter can clear it; a module of its own, so naming it loads nothing else of the knowledge base.
 */
export const KNOWLEDGE_DATABASE_NAME = 'parley-knowledge';
