import { projectContextOf, type ContextSource } from '@parley/core/chat';
import type { StoragePort } from '@parley/core/storage';

/**
 * SC8: a chat in a project is told the project's instructions before each answer (one record
 * read; a chat in no project reads nothing). Registered in app/answer-sources.ts (decision 0095).
 */
export function projectContextSource(deps: { store: StoragePort }): ContextSource {
  return {
    gather: async ({ chat }) => {
      if (chat.projectId === null) return {};
      return { persona: { project: projectContextOf(await deps.store.projects.get(chat.projectId)) } };
    },
  };
}
