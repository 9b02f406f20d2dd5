import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AutoGrowTextarea } from './AutoGrowTextarea';

/** ED2: edits a user message in place; Save & Submit answers it again from there. */
export function MessageEditor({
  initialText,
  onSubmit,
  onCancel,
}: {
  initialText: string;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const submit = () => {
    if (text.trim() !== '') onSubmit(text);
  };
  return (
    <div className="w-full rounded-xl border border-line-strong bg-raised p-2 shadow-xs">
      <AutoGrowTextarea
        aria-label={t('chat.edit.label')}
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        className="max-h-80 px-2 py-1.5"
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('chat.edit.cancel')}
        </Button>
        <Button size="sm" variant="primary" onClick={submit} disabled={text.trim() === ''}>
          {t('chat.edit.submit')}
        </Button>
      </div>
    </div>
  );
}
