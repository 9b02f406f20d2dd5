import type { MessagePart } from '@parley/core/entities';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { useFormat } from '../../i18n';
import { Dialog } from '../../ui/Dialog';
import { FileTextIcon, ImageOffIcon, SmallCloseIcon } from '../../ui/icons/message';
import { useImagePartUrl } from './attachment-urls';

type AttachedPart = Extract<MessagePart, { type: 'tm_text_file' | 'image_url' }>;

/**
 * One attached file: its name (and token estimate) for a document, a thumbnail for an image. A
 * click opens the preview: the text as it is sent, or the image.
 */
export function AttachmentChip({
  part,
  name,
  tokens,
  onRemove,
}: {
  part: AttachedPart;
  name: string;
  tokens?: number | undefined;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  return (
    <span className="inline-flex max-w-full items-center rounded-lg border border-line bg-raised text-[13px] text-fg">
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('documents.open', { name })}
        className="inline-flex min-w-0 items-center gap-2 rounded-lg py-1 pr-2 pl-1.5 hover:bg-hover"
      >
        {part.type === 'image_url' ? (
          <ImageThumb url={part.image_url.url} name={name} className="size-7 rounded object-cover" />
        ) : (
          <span aria-hidden="true" className="text-fg-muted">
            <FileTextIcon size={16} />
          </span>
        )}
        <span className="max-w-48 truncate">{name}</span>
        {tokens !== undefined && tokens > 0 && (
          <span className="shrink-0 text-fg-subtle">
            {t('documents.tokens', { formatted: format.tokens(tokens) })}
          </span>
        )}
      </button>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('documents.remove', { name })}
          className="mr-1 inline-flex size-6 items-center justify-center rounded text-fg-muted hover:bg-hover hover:text-fg"
        >
          <SmallCloseIcon size={14} />
        </button>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('documents.preview.title', { name })}
        closeLabel={t('documents.preview.close')}
        size="lg"
      >
        {part.type === 'image_url' ? (
          <ImageThumb url={part.image_url.url} name={name} className="mx-auto max-h-[70dvh] max-w-full" />
        ) : (
          <pre className="max-h-[70dvh] overflow-auto rounded-lg bg-sunken p-3 font-mono text-[13px] break-words whitespace-pre-wrap">
            {part.text}
          </pre>
        )}
      </Dialog>
    </span>
  );
}

function ImageThumb({ url, name, className }: { url: string; name: string; className?: string }) {
  const { t } = useTranslation();
  const shown = useImagePartUrl(url);
  if (shown === undefined) {
    return <span aria-hidden="true" className={cn('inline-block bg-sunken', className)} />;
  }
  if (shown === 'missing') {
    // Not on this device and not to be had from the sync server (SC32): said, not left blank.
    return (
      <span
        role="img"
        aria-label={t('documents.imageMissing')}
        title={t('documents.imageMissing')}
        className={cn('inline-flex items-center justify-center bg-sunken text-fg-subtle', className)}
      >
        <ImageOffIcon size={14} />
      </span>
    );
  }
  return <img src={shown} alt={t('documents.preview.imageAlt', { name })} className={className} />;
}

/**
 * The attachments of a sent message, above its text, and a note for those a device without
 * attachment sync left out of the copy this device got (sync-client SC8).
 */
export function MessageAttachments({
  parts,
  leftOut = 0,
}: {
  parts: readonly MessagePart[];
  leftOut?: number;
}) {
  const { t } = useTranslation();
  const attached = parts.filter((part): part is AttachedPart => part.type !== 'text');
  if (attached.length === 0 && leftOut === 0) return null;
  return (
    <div className="flex max-w-[85%] flex-wrap justify-end gap-1.5">
      {leftOut > 0 && (
        <span
          role="note"
          className="inline-flex items-center gap-2 rounded-lg border border-dashed border-line px-2 py-1 text-[13px] text-fg-muted"
        >
          <span aria-hidden="true">
            <ImageOffIcon size={16} />
          </span>
          {t('documents.leftOut', { count: leftOut })}
        </span>
      )}
      {attached.map((part, index) => (
        <AttachmentChip key={index} part={part} name={part.metadata?.name || t('documents.image')} />
      ))}
    </div>
  );
}
