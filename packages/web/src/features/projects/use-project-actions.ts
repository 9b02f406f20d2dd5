import type { Project } from '@parley/core/entities';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformServices } from '../../state';
import { useChatRuntime } from '../chat';
import { notify } from '../toasts';
import { createProjectService, type ChatsFate, type ProjectChanges } from './project-service';
import { useProjectUi } from './project-ui-store';

/**
 * What the sidebar and the project page do with projects: each action runs once and tells the
 * user; a failure is an error toast, never a silent no-op.
 */
export function useProjectActions() {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const services = usePlatformServices();
  return useMemo(() => {
    const service = createProjectService(services);
    const fail = (error: unknown) => {
      notify.error(
        t('organise.toasts.failed', { message: error instanceof Error ? error.message : String(error) }),
      );
      return undefined;
    };
    const told = <T>(action: Promise<T>, message: string) =>
      action.then((value) => {
        notify.success(message);
        return value;
      }, fail);

    return {
      service,
      open: (projectId: string) => useProjectUi.getState().show({ kind: 'page', projectId }),
      create: (name: string, thenMove: readonly string[] = []) =>
        told(
          service.create({ name }).then(async (project) => {
            if (thenMove.length > 0) await service.moveChats(thenMove, project.id);
            return project;
          }),
          t('projects.toasts.created', { name: name.trim() }),
        ),
      save: (projectId: string, changes: ProjectChanges) =>
        told(service.save(projectId, changes), t('projects.toasts.saved')),
      rename: (projectId: string, name: string) => service.save(projectId, { name }).catch(fail),
      setArchived: (project: Project, archived: boolean) =>
        told(
          service.setArchived(project.id, archived),
          t(archived ? 'projects.toasts.archived' : 'projects.toasts.unarchived', { name: project.name }),
        ),
      delete: (project: Project, fate: ChatsFate) => {
        const open = runtime.active.getState().chat;
        if (open?.projectId === project.id && fate === 'delete') runtime.active.startNew();
        return told(service.delete(project.id, fate), t('projects.toasts.deleted', { name: project.name }));
      },
      /** Into a project, or out of every project (null). */
      moveChats: (chatIds: readonly string[], project: Pick<Project, 'id' | 'name'> | null) =>
        told(
          service.moveChats(chatIds, project?.id ?? null),
          project
            ? t('projects.toasts.moved', { count: chatIds.length, name: project.name })
            : t('projects.toasts.movedOut', { count: chatIds.length }),
        ),
      /** EN27: a new chat in the project, with its default agent or model. */
      async startChat(project: Project) {
        try {
          const agent = project.defaultAgentId
            ? await services.store.characters.get(project.defaultAgentId)
            : undefined;
          const usable = agent && agent.deletedAt === null ? agent : undefined;
          await runtime.session.startInProject(project, usable);
          useProjectUi.getState().close();
        } catch (error) {
          fail(error);
        }
      },
    };
  }, [t, runtime, services]);
}

export type ProjectActions = ReturnType<typeof useProjectActions>;
