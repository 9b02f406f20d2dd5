import type { Plugin } from '@parley/core/entities';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { SubScreenHeader } from '../../ui/SubScreenHeader';
import { TextField } from '../../ui/TextField';
import { errorClasses } from '../../ui/field-classes';
import { PlusIcon } from '../../ui/icons/shell';
import { CodeEditor } from './CodeEditor';
import { FunctionEditor } from './FunctionEditor';
import { draftOf, newFunctionDraft, recordOf, type PluginDraft } from './plugin-draft';
import { usePluginActions } from './use-plugin-actions';

/**
 * Creates a plugin (generation 2) or edits one in the format it came in. What it saves is checked
 * like an imported file (PL1-PL12), against the other installed plugins.
 */
export default function PluginEditor({ plugin, onDone }: { plugin: Plugin | null; onDone: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const errorId = useId();
  const actions = usePluginActions();
  const [draft, setDraft] = useState<PluginDraft>(() => draftOf(plugin));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<PluginDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const record = recordOf(draft, plugin);
    if (typeof record === 'string') {
      setError(record);
      return;
    }
    setSaving(true);
    try {
      const problem = await actions.saveEdited(record, plugin ?? undefined);
      setError(problem);
      if (!problem) onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-describedby={error ? errorId : undefined}
      className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pt-2 pb-5"
    >
      <SubScreenHeader
        headingId={headingId}
        title={plugin ? t('plugins.editor.editTitle', { title: plugin.title }) : t('plugins.editor.newTitle')}
        intro={t('plugins.editor.intro')}
        backLabel={t('plugins.back')}
        onBack={onDone}
      />
      <div className="grid grid-cols-[5rem_1fr] gap-3">
        <TextField
          label={t('plugins.editor.emoji')}
          value={draft.emoji}
          maxLength={8}
          onChange={(event) => set({ emoji: event.target.value })}
        />
        <TextField
          label={t('plugins.editor.name')}
          value={draft.title}
          onChange={(event) => set({ title: event.target.value })}
        />
      </div>
      {draft.functions.map((fn, index) => (
        <FunctionEditor
          key={fn.key}
          value={fn}
          index={index}
          onChange={(next) =>
            set({ functions: draft.functions.map((other) => (other.key === fn.key ? next : other)) })
          }
          onRemove={
            draft.generation === 2 && draft.functions.length > 1
              ? () => set({ functions: draft.functions.filter((other) => other.key !== fn.key) })
              : undefined
          }
        />
      ))}
      {draft.generation === 2 && (
        <Button
          type="button"
          icon={<PlusIcon size={16} />}
          className="self-start"
          onClick={() => set({ functions: [...draft.functions, newFunctionDraft()] })}
        >
          {t('plugins.editor.addFunction')}
        </Button>
      )}
      <CodeEditor
        label={t('plugins.editor.userSettings')}
        hint={t('plugins.editor.userSettingsHint')}
        language="json"
        value={draft.userSettings}
        onChange={(userSettings) => set({ userSettings })}
        minLines={4}
      />
      {error && (
        <p id={errorId} role="alert" className={errorClasses}>
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" onClick={onDone}>
          {t('plugins.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {t('plugins.save')}
        </Button>
      </div>
    </form>
  );
}
