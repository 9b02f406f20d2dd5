import type { ContextSource } from '@parley/core/chat';
import { messageText } from '@parley/core/entities';
import { chooseCitations, knowledgeBudget, knowledgeSection } from '@parley/core/knowledge';
import { embeddingChoicePref, embeddingSetupFor, globalInChatsPref, type Access } from './embedding-choice';
import { knowledgeClient } from './knowledge-client';
import { useKnowledgeStore } from './knowledge-store';
import { knowledgeUsedPref } from './knowledge-used';

/**
 * The knowledge base as an answer's context (decision 0095's registry, KB10-KB12, KB34): the
 * passages that best answer the last question, from the chat's project and the global base (the
 * global one alone for a chat outside projects, when switched on), within the token budget; the
 * passages given are kept by the question's id, so the answer's citations open them.
 */
export function knowledgeContextSource(deps: { access: Access }): ContextSource {
  return {
    gather: async ({ chat, contextLength }) => {
      if (!knowledgeUsedPref.read()) return {};
      const projectId = (chat as { projectId?: string | null }).projectId ?? null;
      const scopes: (string | null)[] = projectId
        ? [projectId, null]
        : globalInChatsPref.read()
          ? [null]
          : [];
      const question = chat.messages.findLast((message) => message.role === 'user' && !message.deletedAt);
      const text = question ? messageText(question).trim() : '';
      if (scopes.length === 0 || !question || text === '') return {};
      const setup = embeddingSetupFor(embeddingChoicePref.read(), deps.access);
      const { hits } = await knowledgeClient.search(text, scopes, setup);
      const citations = chooseCitations(hits, knowledgeBudget(contextLength));
      useKnowledgeStore.setState((state) => ({
        citations: { ...state.citations, [question.id]: citations },
      }));
      if (citations.length === 0) return {};
      void knowledgeClient.saveCitations(question.id, citations).catch(() => undefined);
      return { persona: { knowledge: knowledgeSection(citations) } };
    },
  };
}
