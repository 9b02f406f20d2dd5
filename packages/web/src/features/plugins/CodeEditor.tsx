import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../state';
import type { CodeMirrorFieldProps } from './CodeMirrorField';

// CodeMirror (about 150 kB) loads only when an editor with code is opened (decision 0044).
const CodeMirrorField = lazyPart(() => import('./CodeMirrorField'), { fallback: <CodeLoading /> });

function CodeLoading() {
  const { t } = useTranslation();
  return (
    <p className="rounded-lg border border-line-strong bg-sunken px-3 py-2 text-xs text-fg-subtle">
      {t('plugins.editor.loadingCode')}
    </p>
  );
}

/** A labelled code field with syntax highlighting; a plain text area shows while it loads. */
export function CodeEditor(props: CodeMirrorFieldProps) {
  return <CodeMirrorField {...props} />;
}
