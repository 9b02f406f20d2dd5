import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../theme';
import { htmlColorScheme } from './html-color-scheme';

/**
 * A `render_html` result (decision 0040): shown in a frame of the sandbox page (opaque origin, its
 * own CSP), never in the app's origin. The page reports its content height; the frame follows it.
 */
const MIN_HEIGHT = 48;
const MAX_HEIGHT = 1600;

export function htmlFrameUrl(): string {
  return `${import.meta.env.BASE_URL}plugin-sandbox.html?mode=html`;
}

export function HtmlResultFrame({ html }: { html: string }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(160);
  const scheme = htmlColorScheme(html, useTheme().resolved);
  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string; height?: unknown }>): void => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target) return;
      if (event.data.type === 'parley-html-ready')
        target.postMessage({ type: 'parley-html-show', html, colorScheme: scheme }, '*');
      else if (event.data.type === 'parley-html-size' && typeof event.data.height === 'number') {
        setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, event.data.height)));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [html, scheme]);
  return (
    <iframe
      key={scheme}
      ref={frame}
      src={htmlFrameUrl()}
      sandbox="allow-scripts"
      title={t('tools.htmlFrameTitle')}
      style={{ height, colorScheme: scheme }}
      data-color-scheme={scheme}
      className={`mt-2 w-full rounded-md border border-line ${scheme === 'dark' ? 'bg-transparent' : 'bg-white'}`}
    />
  );
}
