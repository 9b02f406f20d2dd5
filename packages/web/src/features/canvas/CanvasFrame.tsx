import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The canvas preview (decision 0093): the plugin sandbox page in `?mode=html`, framed with
 * sandbox="allow-scripts" and no allow-same-origin (an opaque origin, its own CSP from our server),
 * so a page's scripts run but reach none of the app's DOM, storage, cookies or IndexedDB.
 */
export function CanvasFrame({
  html,
  dark = false,
}: {
  html: string;
  /** A page drawn dark (Mermaid's). */ dark?: boolean;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string }>): void => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target) return;
      if (event.data.type === 'parley-html-ready')
        target.postMessage({ type: 'parley-html-show', html }, '*');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [html]);
  return (
    <iframe
      // A new document for each content: the old page's scripts stop with it.
      key={html}
      ref={frame}
      src={`${import.meta.env.BASE_URL}plugin-sandbox.html?mode=html`}
      sandbox="allow-scripts"
      title={t('canvas.previewTitle')}
      className={`h-full w-full border-0 ${dark ? 'bg-zinc-900' : 'bg-white'}`}
    />
  );
}
