/** The model-list cache's own database (model-list-cache.ts); Clear All Data deletes it too. */
export const MODEL_LIST_DATABASE_NAME = 'parley-model-lists';
