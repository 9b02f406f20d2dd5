import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon } from '../../ui/icons/message';
import { imageHostList, type ImageHostList } from './image-hosts';
import { imageSource } from './image-source';

export type AnswerImageProps = {
  src: string;
  alt: string;
  hosts?: ImageHostList;
  /** The app's origin, against which relative addresses resolve. */
  origin?: string;
};

/**
 * An image written in an answer. Inline images (data:, the app's own blob:) show at once; a remote
 * one is not requested until the user clicks, or its host is on the allowed list (decision 0025).
 */
export function AnswerImage({
  src,
  alt,
  hosts = imageHostList,
  origin = window.location.origin,
}: AnswerImageProps) {
  const source = imageSource(src, origin);
  if (!source) return null;
  if (source.kind === 'inline') return <img src={source.src} alt={alt} />;
  return <RemoteImage src={source.src} host={source.host} alt={alt} hosts={hosts} />;
}

function RemoteImage({
  src,
  host,
  alt,
  hosts,
}: {
  src: string;
  host: string;
  alt: string;
  hosts: ImageHostList;
}) {
  const { t } = useTranslation();
  const allowed = useSyncExternalStore(hosts.subscribe, () => hosts.allows(host));
  const [clicked, setClicked] = useState(false);
  // The button pressed is gone once the image shows: focus moves to the image, not to the page.
  const [takeFocus, setTakeFocus] = useState(false);
  if (allowed || clicked)
    return (
      <img
        src={src}
        alt={alt}
        loading="lazy"
        referrerPolicy="no-referrer"
        tabIndex={takeFocus ? -1 : undefined}
        ref={takeFocus ? (image) => image?.focus() : undefined}
      />
    );
  const button =
    'rounded-md px-2 py-0.5 text-xs font-medium text-accent transition-colors duration-150 hover:bg-hover';
  return (
    <span
      role="group"
      aria-label={t('markdown.remoteImage.from', { host })}
      className="my-1 inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-dashed border-line-strong bg-sunken px-2.5 py-1.5 align-middle text-[13px] leading-snug"
    >
      <ImageIcon className="shrink-0 text-fg-subtle" />
      <span className="min-w-0 text-fg-muted">
        {t('markdown.remoteImage.from', { host })}
        {alt && <span className="ml-1.5 text-fg-subtle">{t('markdown.remoteImage.alt', { alt })}</span>}
      </span>
      <span className="inline-flex items-center gap-1">
        <button
          type="button"
          className={button}
          onClick={() => {
            setTakeFocus(true);
            setClicked(true);
          }}
        >
          {t('markdown.remoteImage.load')}
        </button>
        <button
          type="button"
          className={button}
          onClick={() => {
            setTakeFocus(true);
            hosts.allow(host);
          }}
        >
          {t('markdown.remoteImage.alwaysLoad')}
        </button>
      </span>
    </span>
  );
}
