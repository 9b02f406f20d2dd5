import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncedSettings } from '../../state';
import { useImageActions } from '../tools';
import { useActiveChat } from './chat-runtime';
import { useImagePartUrl } from './attachment-urls';

/**
 * A picture a tool made (generate_image), stored as an attachment: shown from the attachments store
 * (or the sync server), with Download and Open full size (decision 0127), and "Edit this image"
 * (decision 0136): the picture goes back to the image model with the user's instruction, and the
 * result is a new step in the chat.
 */
export function ToolImageCard({
  url,
  name,
  prompt,
}: {
  url: string;
  name: string;
  prompt: string | undefined;
}) {
  const { t } = useTranslation();
  const shown = useImagePartUrl(url);
  const alt = prompt ?? name;
  return (
    <figure className="w-64 max-w-full overflow-hidden rounded-lg border border-line bg-raised">
      {shown === undefined ? (
        <div aria-hidden="true" className="aspect-square w-full bg-sunken" />
      ) : shown === 'missing' ? (
        <div role="img" aria-label={t('documents.imageMissing')} className="p-3 text-[13px] text-fg-muted">
          {t('documents.imageMissing')}
        </div>
      ) : (
        <img src={shown} alt={alt} className="block aspect-auto w-full bg-sunken object-contain" />
      )}
      <figcaption className="flex flex-col gap-1 p-2 text-[13px]">
        {prompt && <span className="line-clamp-2 text-fg-muted">{prompt}</span>}
        {shown !== undefined && shown !== 'missing' && (
          <span className="flex flex-wrap gap-x-3 gap-y-1">
            <a href={shown} download={name} className="font-medium text-accent underline">
              {t('documents.imageDownload')}
            </a>
            <a
              href={shown}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-accent underline"
            >
              {t('documents.imageOpenFull')}
            </a>
          </span>
        )}
        {shown !== undefined && shown !== 'missing' && <EditImage url={url} />}
      </figcaption>
    </figure>
  );
}

/** "Edit this image": a short instruction, sent with the picture; the new picture is the next step. */
function EditImage({ url }: { url: string }) {
  const { t } = useTranslation();
  const actions = useImageActions((state) => state.actions);
  const enabled = useSyncedSettings((state) => actions?.enabled(state.values.userPluginSettings) ?? false);
  const chatId = useActiveChat((state) => state.chat?.id ?? null);
  const [open, setOpen] = useState(false);
  const [instruction, setInstruction] = useState('');
  const [state, setState] = useState<'idle' | 'editing' | 'failed'>('idle');
  const inputId = useId();
  if (!actions || !enabled || chatId === null) return null;
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="self-start font-medium text-accent underline"
      >
        {t('documents.imageEdit.open')}
      </button>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (instruction.trim() === '') return;
    setState('editing');
    const saved = await actions.edit(chatId, url, instruction).catch(() => false);
    if (!saved) return setState('failed');
    setState('idle');
    setInstruction('');
    setOpen(false);
  };
  return (
    <form
      aria-label={t('documents.imageEdit.open')}
      onSubmit={(event) => void submit(event)}
      className="mt-1 flex flex-col gap-1.5"
    >
      <label htmlFor={inputId} className="font-medium text-fg">
        {t('documents.imageEdit.label')}
      </label>
      <input
        id={inputId}
        value={instruction}
        onChange={(event) => setInstruction(event.target.value)}
        maxLength={4000}
        autoFocus
        placeholder={t('documents.imageEdit.placeholder')}
        className="rounded-md border border-line bg-app px-2 py-1 text-sm"
      />
      {state === 'failed' && (
        <p role="alert" className="text-danger">
          {t('documents.imageEdit.failed')}
        </p>
      )}
      <span className="flex gap-2">
        <button
          type="submit"
          disabled={state === 'editing' || instruction.trim() === ''}
          className="rounded-md bg-accent px-2.5 py-1 font-medium text-accent-fg disabled:opacity-50"
        >
          {state === 'editing' ? t('documents.imageEdit.editing') : t('documents.imageEdit.submit')}
        </button>
        <button
          type="button"
          disabled={state === 'editing'}
          onClick={() => {
            setOpen(false);
            setState('idle');
          }}
          className="rounded-md border border-line px-2.5 py-1 font-medium disabled:opacity-50"
        >
          {t('documents.imageEdit.cancel')}
        </button>
      </span>
    </form>
  );
}
