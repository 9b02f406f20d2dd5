import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanvasFrame } from './CanvasFrame';
import { mermaidPage } from './canvas-store';

let runtime: Promise<string> | undefined;

/** Mermaid's browser bundle as text, fetched from our own host when a Mermaid canvas first opens. */
function loadMermaid(): Promise<string> {
  runtime ??= fetch(`${import.meta.env.BASE_URL}mermaid/mermaid.data`)
    .then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    })
    .catch((error: unknown) => {
      runtime = undefined;
      throw error;
    });
  return runtime;
}

/**
 * A Mermaid diagram (decision 0129): the renderer runs inside the sandbox frame with the diagram,
 * never in the app's page; the app only fetches its text. It follows the app's dark theme.
 */
export function CanvasMermaid({ diagram, dark }: { diagram: string; dark: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ source: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    loadMermaid().then(
      (source) => !cancelled && setState({ source }),
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, []);
  if (state === 'loading')
    return <p className="px-4 py-3 text-sm text-fg-muted">{t('canvas.diagramLoading')}</p>;
  if (state === 'failed')
    return (
      <p role="alert" className="px-4 py-3 text-sm">
        {t('canvas.diagramUnavailable')}
      </p>
    );
  return <CanvasFrame html={mermaidPage(state.source, diagram, dark)} dark={dark} />;
}
