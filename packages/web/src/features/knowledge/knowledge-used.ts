import { localPref } from '../../lib/local-pref';

/**
 * Whether this device has ever had a knowledge base: until then no answer starts the knowledge
 * worker to search an empty index, and no answer asks it for citations.
 */
export const knowledgeUsedPref = localPref<boolean>(
  'TM_knowledge_used',
  (value) => (typeof value === 'boolean' ? value : undefined),
  false,
);
