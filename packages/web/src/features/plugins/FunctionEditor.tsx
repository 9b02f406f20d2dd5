import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { TrashIcon } from '../../ui/icons/settings';
import { CodeEditor } from './CodeEditor';
import { HttpActionForm } from './HttpActionForm';
import type { FunctionDraft } from './plugin-draft';

const OUTPUT_TYPES = ['respond_to_ai', 'render_markdown', 'render_html', 'cards'] as const;

/** One function: name, description, parameters (JSON Schema), and its code or HTTP action. */
export function FunctionEditor({
  value,
  index,
  onChange,
  onRemove,
}: {
  value: FunctionDraft;
  index: number;
  onChange: (next: FunctionDraft) => void;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<FunctionDraft>) => onChange({ ...value, ...patch });
  if (value.implementationType === 'mcp') {
    return (
      <p className="rounded-lg border border-line px-3 py-2 text-[13px] text-fg-muted">
        {t('plugins.editor.mcpFunction', { name: value.name })}
      </p>
    );
  }
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-fg">
        {t('plugins.editor.functionN', { n: index + 1 })}
        {onRemove && (
          <IconButton
            label={t('plugins.editor.removeFunction', { n: index + 1 })}
            icon={<TrashIcon />}
            onClick={onRemove}
          />
        )}
      </legend>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <TextField
          label={t('plugins.editor.functionName')}
          hint={t('plugins.editor.functionNameHint')}
          value={value.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        <Select
          label={t('plugins.editor.implementation')}
          value={value.implementationType}
          options={[
            { value: 'javascript', label: t('plugins.editor.javascript') },
            { value: 'http', label: t('plugins.editor.http') },
          ]}
          onValueChange={(implementationType) => set({ implementationType })}
        />
      </div>
      <TextField
        label={t('plugins.editor.description')}
        hint={t('plugins.editor.descriptionHint')}
        value={value.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <CodeEditor
        label={t('plugins.editor.parameters')}
        hint={t('plugins.editor.parametersHint')}
        language="json"
        value={value.parameters}
        onChange={(parameters) => set({ parameters })}
        minLines={4}
      />
      {value.implementationType === 'javascript' ? (
        <CodeEditor
          label={t('plugins.editor.code')}
          hint={t('plugins.editor.codeHint', { name: value.name || 'my_function' })}
          language="javascript"
          value={value.code}
          onChange={(code) => set({ code })}
        />
      ) : (
        <HttpActionForm value={value.http} onChange={(http) => set({ http })} />
      )}
      <Select
        label={t('plugins.editor.outputType')}
        value={value.outputType}
        options={OUTPUT_TYPES.map((type) => ({ value: type, label: t(`plugins.output.${type}`) }))}
        onValueChange={(outputType) => set({ outputType })}
        className="md:w-64"
      />
    </fieldset>
  );
}
