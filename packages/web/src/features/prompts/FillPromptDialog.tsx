import { fillPromptVariables, parsePromptVariables } from '@parley/core/prompts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { insertIntoComposer } from '../chat';
import { usePromptUi, type PromptToFill } from './prompt-ui-store';

/** One field per variable (PV1, PV2): choices as a select, defaults already filled in. */
export function FillPromptDialog({ prompt }: { prompt: PromptToFill }) {
  const { t } = useTranslation();
  const close = usePromptUi((state) => state.closeFill);
  const variables = useMemo(() => parsePromptVariables(prompt.content).variables, [prompt.content]);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(variables.map((variable) => [variable.name, variable.defaultValue])),
  );
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return (
    <Dialog open onClose={close} title={prompt.title} closeLabel={t('prompts.fill.cancel')} size="md">
      <form
        className="flex flex-col gap-4 px-5 pt-2 pb-5"
        onSubmit={(event) => {
          event.preventDefault();
          insertIntoComposer(fillPromptVariables(prompt.content, values), prompt.mode);
          close();
        }}
      >
        <p className="text-sm text-fg-muted">{t('prompts.fill.intro')}</p>
        {variables.map((variable) =>
          variable.choices.length > 0 ? (
            <Select
              key={variable.name}
              label={variable.name}
              value={values[variable.name] ?? variable.defaultValue}
              options={variable.choices.map((choice) => ({ value: choice, label: choice }))}
              onValueChange={(value) => set(variable.name, value)}
            />
          ) : (
            <TextField
              key={variable.name}
              label={variable.name}
              value={values[variable.name] ?? ''}
              onChange={(event) => set(variable.name, event.target.value)}
            />
          ),
        )}
        <div className="flex justify-end gap-2 pt-1">
          <Button type="button" variant="ghost" onClick={close}>
            {t('prompts.fill.cancel')}
          </Button>
          <Button type="submit" variant="primary">
            {t('prompts.fill.insert')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
