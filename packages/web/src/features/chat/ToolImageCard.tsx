import { useTranslation } from 'react-i18next';
import { useImagePartUrl } from './attachment-urls';

/**
 * A picture a tool made (generate_image), stored as an attachment: shown from the attachments store
 * (or the sync server), with Download and Open full size (decision 0127).
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
          <span className="flex gap-3">
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
      </figcaption>
    </figure>
  );
}
