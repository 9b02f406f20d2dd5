import type { KnowledgeDocumentRecord } from '@parley/core/entities';
import type { Citation } from '@parley/core/knowledge';
import { create } from 'zustand';
import type { KnowledgeDocument } from './knowledge-protocol';

/** Why a file was not added (each has its message: documents.errors.* or knowledge.errors.*). */
export type KnowledgeFailureReason =
  'unsupported' | 'tooBig' | 'empty' | 'encrypted' | 'corrupt' | 'noText' | 'notImage' | 'failed' | 'storage';

export type KnowledgeFailure = { name: string; reason: KnowledgeFailureReason; size?: number };

/** An embedding call that failed after its retries: the documents were indexed by their words. */
export type EmbeddingProblem = { status: number; message: string };

export type IndexingProgress = {
  projectId: string | null;
  total: number;
  done: number;
  passages: number;
  startedAt: number;
  current: string | null;
  /** Passages of the current document embedded so far, of how many. */
  embedded: { done: number; total: number } | null;
};

type KnowledgeState = {
  /** Every stored document (all bases); null until the worker has listed them. */
  documents: KnowledgeDocument[] | null;
  progress: IndexingProgress | null;
  failures: KnowledgeFailure[];
  embeddingProblem: EmbeddingProblem | null;
  /** Tokens embedded on this device in this session, for the cost shown (KB26). */
  spentTokens: number;
  /** The passages each answer was given, by the question's message id. */
  citations: Record<string, Citation[]>;
  /** Documents another device added whose bytes this device could not fetch yet (decision 0131). */
  waiting: KnowledgeDocumentRecord[];
  setDocuments: (documents: KnowledgeDocument[]) => void;
  /** A document indexed (added or replaced), without the worker listing them all again. */
  putDocument: (document: KnowledgeDocument) => void;
  setEmbedding: (done: number, total: number) => void;
};

export const useKnowledgeStore = create<KnowledgeState>()((set) => ({
  documents: null,
  progress: null,
  failures: [],
  embeddingProblem: null,
  spentTokens: 0,
  citations: {},
  waiting: [],
  setDocuments: (documents) => set({ documents }),
  // Before the worker has listed them, one document is not the list: it stays unknown (knowledge
  // sync reads what is here from the database then, not from a list of the documents of this run).
  putDocument: (document) =>
    set((state) =>
      state.documents
        ? { documents: [...state.documents.filter((other) => other.id !== document.id), document] }
        : {},
    ),
  // Only a batch that finishes a tenth of the document re-renders the progress (a big document has hundreds).
  setEmbedding: (done, total) =>
    set((state) => {
      const shown = state.progress?.embedded;
      if (
        !state.progress ||
        (shown && shown.total === total && done < total && done - shown.done < total / 10)
      )
        return {};
      return { progress: { ...state.progress, embedded: { done, total } } };
    }),
}));
