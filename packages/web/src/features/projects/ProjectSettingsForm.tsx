import type { Project } from '@parley/core/entities';
import { PROJECT_INSTRUCTIONS_MAX_LENGTH, PROJECT_NAME_MAX_LENGTH } from '@parley/core/entities';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Select, type SelectOption } from '../../ui/Select';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { useStoredRecords, useSyncedSettings } from '../../state';
import { listModels, useModelDirectory } from '../model-picker';
import { useProjectUi } from './project-ui-store';
import { useProjectActions } from './use-project-actions';

const NONE = '';

/** Name, instructions, default model and agent; archive and delete below them. */
export function ProjectSettingsForm({ project }: { project: Project }) {
  const { t } = useTranslation();
  const actions = useProjectActions();
  const [name, setName] = useState(project.name);
  const [instructions, setInstructions] = useState(project.instructions);
  const [model, setModel] = useState(project.defaultModel ?? NONE);
  const [agent, setAgent] = useState(project.defaultAgentId ?? NONE);
  const modelOptions = useModelOptions(project.defaultModel);
  const agents = useStoredRecords('characters').records;
  const agentOptions: SelectOption<string>[] = [
    { value: NONE, label: t('projects.page.noAgent') },
    ...agents.map((character) => ({ value: character.id, label: character.title || character.id })),
  ];
  if (project.defaultAgentId && !agents.some((character) => character.id === project.defaultAgentId))
    agentOptions.push({ value: project.defaultAgentId, label: t('projects.page.missingAgent') });
  const changed =
    name.trim() !== project.name ||
    instructions !== project.instructions ||
    model !== (project.defaultModel ?? NONE) ||
    agent !== (project.defaultAgentId ?? NONE);

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void actions.save(project.id, {
          name,
          instructions,
          defaultModel: model === NONE ? null : model,
          defaultAgentId: agent === NONE ? null : agent,
        });
      }}
    >
      <TextField
        label={t('projects.page.name')}
        value={name}
        maxLength={PROJECT_NAME_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
      />
      <TextAreaField
        label={t('projects.page.instructions')}
        hint={t('projects.page.instructionsHint')}
        value={instructions}
        rows={5}
        maxLength={PROJECT_INSTRUCTIONS_MAX_LENGTH}
        onChange={(event) => setInstructions(event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('projects.page.defaultModel')}
          value={model}
          options={modelOptions}
          onValueChange={setModel}
        />
        <Select
          label={t('projects.page.defaultAgent')}
          hint={t('projects.page.defaultAgentHint')}
          value={agent}
          options={agentOptions}
          onValueChange={setAgent}
        />
      </div>
      {/* On a phone Save comes first, full width; beside the other buttons from 640 px up. */}
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            onClick={() => void actions.setArchived(project, project.archivedAt === null)}
          >
            {project.archivedAt === null ? t('projects.page.archive') : t('projects.page.unarchive')}
          </Button>
          <Button
            type="button"
            variant="danger"
            onClick={() => useProjectUi.getState().show({ kind: 'delete', project })}
          >
            {t('projects.page.delete')}
          </Button>
        </div>
        <Button type="submit" variant="primary" disabled={!changed || name.trim() === ''}>
          {t('projects.page.save')}
        </Button>
      </div>
    </form>
  );
}

/** The models the picker lists, the app's default first; a chosen model no longer listed stays. */
function useModelOptions(current: string | null): SelectOption<string>[] {
  const { t } = useTranslation();
  const settings = useSyncedSettings((state) => state.values);
  const directory = useModelDirectory(false);
  const models = listModels({
    directory,
    customModels: settings.customModels,
    order: settings.modelIDsOrder,
    hidden: settings.hiddenModelIDs,
  });
  const options: SelectOption<string>[] = [
    { value: NONE, label: t('projects.page.appDefaultModel') },
    ...models.map((model) => ({ value: model.id, label: model.title || model.id })),
  ];
  if (current && !models.some((model) => model.id === current))
    options.push({ value: current, label: current });
  return options;
}
