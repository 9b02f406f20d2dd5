import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncedSettings } from '../../state';
import { cn } from '../../ui/cn';
import { ImageIcon } from '../../ui/icons/message';
import { useImageActions } from '../tools';

/**
 * The composer's "Create image" (decision 0136): shown once image generation is switched on; asks
 * for a description and makes the picture with the user's image model, the same way the tool does,
 * as a step of the open chat.
 */
export function CreateImageButton({ chatId }: { chatId: string | null }) {
  const { t } = useTranslation();
  const actions = useImageActions((state) => state.actions);
  const enabled = useSyncedSettings((state) => actions?.enabled(state.values.userPluginSettings) ?? false);
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [state, setState] = useState<'idle' | 'creating' | 'failed'>('idle');
  const inputId = useId();
  if (!actions || !enabled || chatId === null) return null;
  const submit = async (event: SyntheticEvent) => {
    // Inside the composer's form: this form's submit is not the composer's send.
    event.preventDefault();
    event.stopPropagation();
    if (prompt.trim() === '') return;
    setState('creating');
    const saved = await actions.create(chatId, prompt).catch(() => false);
    if (!saved) return setState('failed');
    setState('idle');
    setPrompt('');
    setOpen(false);
  };
  return (
    // Not positioned itself: the form opens above the composer (its nearest positioned box), within it.
    <span className="inline-flex">
      <button
        type="button"
        aria-label={t('documents.createImage.button')}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className={cn(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-xl transition-colors',
          open ? 'bg-accent-soft text-accent-soft-fg' : 'text-fg-muted hover:bg-hover',
        )}
      >
        <ImageIcon size={18} />
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={t('documents.createImage.title')}
          className="absolute right-2 bottom-full z-30 mb-2 w-80 max-w-[calc(100%-1rem)] rounded-xl border border-line bg-raised p-3 shadow-popover"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && state !== 'creating') setOpen(false);
          }}
        >
          <div className="flex flex-col gap-2 text-[13px]">
            <label htmlFor={inputId} className="font-medium text-fg">
              {t('documents.createImage.label')}
            </label>
            <textarea
              id={inputId}
              rows={3}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) void submit(event);
              }}
              maxLength={4000}
              autoFocus
              placeholder={t('documents.createImage.placeholder')}
              className="resize-none rounded-md border border-line bg-app px-2 py-1 text-sm"
            />
            {state === 'failed' && (
              <p role="alert" className="text-danger">
                {t('documents.createImage.failed')}
              </p>
            )}
            <span className="flex justify-end gap-2">
              <button
                type="button"
                disabled={state === 'creating'}
                onClick={() => setOpen(false)}
                className="rounded-md border border-line px-2.5 py-1 font-medium disabled:opacity-50"
              >
                {t('documents.createImage.cancel')}
              </button>
              <button
                type="button"
                disabled={state === 'creating' || prompt.trim() === ''}
                onClick={(event) => void submit(event)}
                className="rounded-md bg-accent px-2.5 py-1 font-medium text-accent-fg disabled:opacity-50"
              >
                {state === 'creating'
                  ? t('documents.createImage.creating')
                  : t('documents.createImage.create')}
              </button>
            </span>
          </div>
        </div>
      )}
    </span>
  );
}
