import { parsePromptVariables, validatePrompt } from '@parley/core/prompts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';

export type PromptDraft = { title: string; content: string };

/** Create or edit one prompt; PV5 refuses an empty title or text with the spec's message. */
export function PromptEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: PromptDraft;
  onSave: (draft: PromptDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const { variables, problems } = parsePromptVariables(draft.content);
  return (
    <form
      className="flex flex-col gap-4 overflow-y-auto px-5 pt-3 pb-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (validatePrompt(draft)) {
          setError(t('prompts.editor.empty'));
          return;
        }
        setSaving(true);
        void onSave({ title: draft.title.trim(), content: draft.content }).finally(() => setSaving(false));
      }}
    >
      <TextField
        label={t('prompts.editor.title')}
        value={draft.title}
        autoFocus
        onChange={(event) => setDraft({ ...draft, title: event.target.value })}
      />
      <TextAreaField
        label={t('prompts.editor.content')}
        rows={8}
        value={draft.content}
        hint={t('prompts.editor.hint', {
          plain: '{{name}}',
          withDefault: '{{name:default}}',
          withChoices: '{{name|first|second}}',
        })}
        onChange={(event) => setDraft({ ...draft, content: event.target.value })}
      />
      {variables.length > 0 && (
        <p className="text-[13px] text-fg-muted">
          {t('prompts.editor.variables', { names: variables.map((variable) => variable.name).join(', ') })}
        </p>
      )}
      {problems.length > 0 && <p className="text-[13px] text-fg-muted">{t('prompts.editor.malformed')}</p>}
      {error && (
        <p role="alert" className="text-[13px] text-danger">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('prompts.editor.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={saving}>
          {t('prompts.editor.save')}
        </Button>
      </div>
    </form>
  );
}
