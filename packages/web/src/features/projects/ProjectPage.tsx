import type { ChatSummary, Project } from '@parley/core/entities';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { IconButton } from '../../ui/IconButton';
import { CloseIcon } from '../../ui/icons/shell';
import { usePlatformServices, useStoredRecords } from '../../state';
import { useChatRuntime } from '../chat';
import { KnowledgePanel } from '../knowledge';
import { ProjectSettingsForm } from './ProjectSettingsForm';
import { useProjectUi } from './project-ui-store';
import { useProjectActions } from './use-project-actions';

/** The chats of one project, newest first, read again whenever chats change (here or by sync). */
function useProjectChats(projectId: string): ChatSummary[] | null {
  const { store } = usePlatformServices();
  const [chats, setChats] = useState<ChatSummary[] | null>(null);
  useEffect(() => {
    let current = true;
    const load = () =>
      void store.chats
        .listSummaries()
        .then((all) => current && setChats(all.filter((chat) => chat.projectId === projectId)))
        .catch((error: unknown) => console.error('reading the project chats failed', error));
    load();
    const unsubscribe = store.onChange((change) => {
      if (change.area === 'chats') load();
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [store, projectId]);
  return chats;
}

const sectionHeading = 'text-xs font-semibold tracking-wide text-fg-subtle uppercase';

/** A project's page: its chats, its files and knowledge, its settings (decision 0104). */
export function ProjectPage({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { records, loading } = useStoredRecords('projects');
  const project = records.find((record) => record.id === projectId);
  // Deleted here or on another device while open: the page closes.
  useEffect(() => {
    if (!loading && !project) onClose();
  }, [loading, project, onClose]);
  if (!project) return null;
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={project.name || t('projects.untitled')}
      description={t('projects.page.description')}
      closeLabel={t('common.close')}
      className="max-sm:h-full"
    >
      <div className="flex flex-col gap-6 overflow-y-auto px-5 pt-2 pb-6">
        {project.archivedAt !== null && (
          <p role="status" className="rounded-lg bg-sunken px-3 py-2 text-sm text-fg-muted">
            {t('projects.page.archivedNotice')}
          </p>
        )}
        <ProjectChats project={project} />
        <section aria-labelledby="project-files" className="flex flex-col gap-2">
          <h3 id="project-files" className={sectionHeading}>
            {t('projects.page.files')}
          </h3>
          {/* The knowledge base's own door (decisions 0106-0109): documents, progress, re-index. */}
          <KnowledgePanel projectId={project.id} />
        </section>
        <section aria-labelledby="project-settings" className="flex flex-col gap-3">
          <h3 id="project-settings" className={sectionHeading}>
            {t('projects.page.settings')}
          </h3>
          <ProjectSettingsForm project={project} />
        </section>
      </div>
    </Dialog>
  );
}

function ProjectChats({ project }: { project: Project }) {
  const { t } = useTranslation();
  const format = useFormat();
  const runtime = useChatRuntime();
  const actions = useProjectActions();
  const chats = useProjectChats(project.id);
  return (
    <section aria-labelledby="project-chats" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="project-chats" className={sectionHeading}>
          {t('projects.page.chats')}
        </h3>
        <Button variant="primary" size="sm" onClick={() => void actions.startChat(project)}>
          {t('projects.page.newChat')}
        </Button>
      </div>
      {chats === null ? null : chats.length === 0 ? (
        <p className="px-1 py-2 text-sm text-fg-subtle">{t('projects.page.noChats')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
          {chats.map((chat) => {
            const title = chat.title || t('projects.page.untitledChat');
            return (
              <li key={chat.id} className="flex items-center gap-1 pr-1">
                <button
                  type="button"
                  className="flex min-w-0 flex-1 flex-col items-start gap-0.5 px-3 py-2 text-left hover:bg-hover"
                  onClick={() => {
                    useProjectUi.getState().close();
                    void runtime.active.open(chat.id);
                  }}
                >
                  <span className="w-full truncate text-sm font-medium text-fg">{title}</span>
                  <span className="text-xs text-fg-subtle">
                    {format.dateWith(new Date(chat.updatedAt), { dateStyle: 'medium' })}
                  </span>
                </button>
                <IconButton
                  label={t('projects.page.removeChat', { title })}
                  icon={<CloseIcon size={15} />}
                  onClick={() => void actions.moveChats([chat.id], null)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
