import type { Project } from '@parley/core/entities';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ProjectIcon } from '../../ui/icons/sidebar';
import { TextField } from '../../ui/TextField';
import { useStoredRecords } from '../../state';
import type { ChatsFate } from './project-service';
import { ProjectPage } from './ProjectPage';
import { useProjectUi, type ProjectView } from './project-ui-store';
import { useProjectActions } from './use-project-actions';

/**
 * The project page and the project dialogs, one lazily loaded chunk with its strings (the
 * sidebar's rows and menus only open them).
 */
export default function ProjectScreens() {
  const { t } = useTranslation();
  const view = useProjectUi((state) => state.view);
  const close = useProjectUi((state) => state.close);
  const actions = useProjectActions();
  if (!view) return null;
  switch (view.kind) {
    case 'page':
      return <ProjectPage projectId={view.projectId} onClose={close} />;
    case 'new':
      return (
        <ProjectNameDialog
          title={t('projects.dialogs.newTitle')}
          confirm={t('projects.dialogs.create')}
          initial=""
          onClose={close}
          onSave={async (name) => {
            const project = await actions.create(name, view.thenMove);
            if (project) useProjectUi.getState().show({ kind: 'page', projectId: project.id });
          }}
        />
      );
    case 'rename':
      return (
        <ProjectNameDialog
          title={t('projects.dialogs.renameTitle')}
          confirm={t('projects.dialogs.save')}
          initial={view.project.name}
          onClose={close}
          onSave={(name) => {
            close();
            return actions.rename(view.project.id, name);
          }}
        />
      );
    case 'delete':
      return <DeleteProjectDialog project={view.project} onClose={close} />;
    case 'move':
      return <MoveToProjectDialog chatIds={view.chatIds} onClose={close} />;
    case 'startChat':
    case 'archive':
    case 'moveChats':
      return <RunAction view={view} />;
  }
}

type ActionView = Extract<ProjectView, { kind: 'startChat' | 'archive' | 'moveChats' }>;

/** Runs an action the sidebar asked for, once, then closes (it shows nothing but its toast). */
function RunAction({ view }: { view: ActionView }) {
  const actions = useProjectActions();
  const ran = useRef<ActionView | null>(null);
  useEffect(() => {
    if (ran.current === view) return;
    ran.current = view;
    const done = () => {
      if (useProjectUi.getState().view === view) useProjectUi.getState().close();
    };
    const run =
      view.kind === 'startChat'
        ? actions.startChat(view.project)
        : view.kind === 'archive'
          ? actions.setArchived(view.project, view.archived)
          : actions.moveChats(view.chatIds, view.project);
    void run.finally(done);
  }, [view, actions]);
  return null;
}

function ProjectNameDialog({
  title,
  confirm,
  initial,
  onClose,
  onSave,
}: {
  title: string;
  confirm: string;
  initial: string;
  onClose: () => void;
  onSave: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const blank = name.trim() === '';
  return (
    <Dialog open onClose={onClose} size="sm" title={title}>
      <form
        className="flex flex-col gap-4 p-5 pt-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) void onSave(name.trim());
        }}
      >
        <TextField
          label={t('projects.dialogs.name')}
          value={name}
          autoFocus
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('projects.dialogs.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={blank}>
            {confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Deleting asks what becomes of the chats; nothing is chosen for the user. */
function DeleteProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useProjectActions();
  const [fate, setFate] = useState<ChatsFate | null>(null);
  const option =
    'flex items-start gap-2.5 rounded-lg border border-line p-3 text-sm text-fg has-[:checked]:border-accent';
  return (
    <Dialog
      open
      onClose={onClose}
      role="alertdialog"
      size="sm"
      title={t('projects.dialogs.deleteTitle', { name: project.name })}
      description={t('projects.dialogs.deleteBody')}
    >
      <form
        className="flex flex-col gap-3 px-5 pt-2 pb-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!fate) return;
          onClose();
          void actions.delete(project, fate);
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('projects.dialogs.chatsFate')}</legend>
          {(['keep', 'delete'] as const).map((choice) => (
            <label key={choice} className={option}>
              <input
                type="radio"
                name="fate"
                value={choice}
                checked={fate === choice}
                onChange={() => setFate(choice)}
                className="mt-0.5 accent-[var(--color-accent)]"
              />
              <span>
                {t(choice === 'keep' ? 'projects.dialogs.keepChats' : 'projects.dialogs.deleteChats')}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="mt-2 flex justify-end gap-2">
          <Button type="button" onClick={onClose}>
            {t('projects.dialogs.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={fate === null}>
            {t('projects.dialogs.confirmDelete')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The keyboard path for dragging chats onto a project (or out of every project). */
function MoveToProjectDialog({ chatIds, onClose }: { chatIds: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useProjectActions();
  const projects = useStoredRecords('projects').records.filter((project) => project.archivedAt === null);
  const choose = (project: Project | null) => {
    onClose();
    void actions.moveChats(chatIds, project);
  };
  const option =
    'flex h-9 w-full items-center gap-2 rounded-md px-2.5 text-left text-sm text-fg hover:bg-hover focus-visible:bg-hover';
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={t('projects.dialogs.moveTitle')}
      description={t('projects.dialogs.moveDescription', { count: chatIds.length })}
    >
      <div className="flex max-h-80 flex-col gap-0.5 overflow-y-auto p-3">
        <button type="button" className={option} onClick={() => choose(null)}>
          <span className="size-4" aria-hidden="true" />
          {t('projects.dialogs.noProject')}
        </button>
        {projects
          .sort((a, b) => a.order - b.order)
          .map((project) => (
            <button key={project.id} type="button" className={option} onClick={() => choose(project)}>
              <ProjectIcon size={16} className="text-fg-muted" />
              <span className="truncate">{project.name || t('projects.untitled')}</span>
            </button>
          ))}
        <button
          type="button"
          className={`${option} text-accent`}
          onClick={() => useProjectUi.getState().show({ kind: 'new', thenMove: chatIds })}
        >
          <ProjectIcon size={16} />
          {t('projects.dialogs.newProject')}
        </button>
      </div>
    </Dialog>
  );
}
