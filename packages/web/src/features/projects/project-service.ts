import { newProject, withoutKnowledgeFile, type Chat, type Project } from '@parley/core/entities';
import type { Clock, IdGenerator } from '@parley/core/platform';
import type { StoragePort } from '@parley/core/storage';

export interface ProjectDeps {
  readonly store: StoragePort;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** What happens to a project's chats when it is deleted: the user is asked (decision 0104). */
export type ChatsFate = 'keep' | 'delete';

export type ProjectChanges = Partial<
  Pick<Project, 'name' | 'instructions' | 'defaultModel' | 'defaultAgentId'>
>;

export type ProjectService = ReturnType<typeof createProjectService>;

/**
 * Projects over the storage port: every write stamps updatedAt so sync carries it (MG7), and
 * chats move in and out by their `projectId` alone (their folder, tags and the rest stay).
 */
export function createProjectService({ store, clock, ids }: ProjectDeps) {
  const nowIso = () => new Date(clock.now()).toISOString();

  async function live(): Promise<Project[]> {
    return (await store.projects.list()).sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  }

  async function chatsIn(projectId: string): Promise<Chat[]> {
    const summaries = await store.chats.listSummaries();
    const inside = summaries.filter((summary) => summary.projectId === projectId);
    const chats = await Promise.all(inside.map((summary) => store.chats.get(summary.id)));
    return chats.filter((chat): chat is Chat => chat !== undefined);
  }

  /** The project's knowledge documents as tombstones without their bytes (EN28), in one write. */
  async function removeKnowledgeDocuments(projectId: string): Promise<void> {
    const at = nowIso();
    const tombstones = (await store.knowledgeDocuments.list())
      .filter((record) => record.projectId === projectId)
      .map((record) => withoutKnowledgeFile({ ...record, deletedAt: at, updatedAt: at }));
    if (tombstones.length > 0) await store.knowledgeDocuments.putMany(tombstones, { touch: false });
  }

  async function update(
    projectId: string,
    change: (project: Project) => Project,
  ): Promise<Project | undefined> {
    const project = await store.projects.get(projectId);
    if (!project || project.deletedAt !== null) return undefined;
    return store.projects.put(change(project));
  }

  return {
    live,

    async create(fields: ProjectChanges & { name: string }): Promise<Project> {
      const order = (await live()).reduce((max, project) => Math.max(max, project.order), -1) + 1;
      return store.projects.put(newProject({ ...fields, name: fields.name.trim(), order }, { clock, ids }));
    },

    /** Name, instructions and defaults; a blank name keeps the old one. */
    save: (projectId: string, changes: ProjectChanges) =>
      update(projectId, (project) => ({
        ...project,
        ...changes,
        name: changes.name?.trim() || project.name,
      })),

    setArchived: (projectId: string, archived: boolean) =>
      update(projectId, (project) => ({ ...project, archivedAt: archived ? nowIso() : null })),

    /** Chats in (a project id) or out (null); one transaction, nothing else on them changes. */
    async moveChats(chatIds: readonly string[], projectId: string | null): Promise<void> {
      const chats = (await Promise.all(chatIds.map((id) => store.chats.get(id)))).filter(
        (chat): chat is Chat => chat !== undefined && chat.projectId !== projectId,
      );
      if (chats.length > 0)
        await store.chats.putMany(
          chats.map((chat) => ({ ...chat, projectId })),
          { touch: true },
        );
    },

    /**
     * Deletes the project (a tombstone, so sync carries it). Its chats either leave it and stay
     * where they are ('keep'), or go to Recently Deleted with it ('delete', restorable for 30 days).
     * Its knowledge base goes with it: each document's record becomes a tombstone without its bytes
     * (EN28), which removes the document here and on the user's other devices (decision 0131).
     */
    async delete(projectId: string, fate: ChatsFate): Promise<{ chats: number }> {
      const chats = await chatsIn(projectId);
      const at = nowIso();
      if (chats.length > 0) {
        await store.chats.putMany(
          chats.map((chat) =>
            fate === 'keep' ? { ...chat, projectId: null } : { ...chat, projectId: null, deletedAt: at },
          ),
          { touch: true },
        );
      }
      await store.projects.delete(projectId);
      await removeKnowledgeDocuments(projectId);
      return { chats: chats.length };
    },

    chatsIn,
  };
}
