import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { basicSetup, EditorView } from 'codemirror';
import { useEffect, useId, useRef } from 'react';
import { hintClasses, labelClasses } from '../../ui/field-classes';

export type CodeMirrorFieldProps = {
  label: string;
  hint?: string | undefined;
  language: 'javascript' | 'json';
  value: string;
  onChange: (value: string) => void;
  minLines?: number;
};

// The app's palette through its CSS variables, so light and dark follow the theme.
const theme = EditorView.theme({
  '&': {
    fontSize: '12.5px',
    backgroundColor: 'var(--sunken-bg)',
    color: 'var(--fg)',
    border: '1px solid var(--line-strong)',
    borderRadius: '8px',
  },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '0' },
  '.cm-gutters': { backgroundColor: 'var(--sunken-bg)', color: 'var(--fg-subtle)', border: 'none' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--hover-bg)' },
  '.cm-content': { fontFamily: 'var(--font-mono, ui-monospace, monospace)', caretColor: 'var(--fg)' },
  '.cm-scroller': { maxHeight: '24rem', overflow: 'auto' },
});

// Token colours readable on both palettes: the root's color-scheme picks the side of light-dark().
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.moduleKeyword], color: 'light-dark(#7c3aed, #c4b5fd)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'light-dark(#047857, #6ee7b7)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'light-dark(#b45309, #fcd34d)' },
  {
    tag: [tags.function(tags.variableName), tags.function(tags.propertyName)],
    color: 'light-dark(#1d4ed8, #93c5fd)',
  },
  { tag: [tags.definition(tags.variableName), tags.propertyName], color: 'light-dark(#0f766e, #5eead4)' },
  { tag: tags.comment, color: 'var(--fg-subtle)', fontStyle: 'italic' },
  { tag: [tags.operator, tags.punctuation, tags.bracket], color: 'var(--fg-muted)' },
]);

/** CodeMirror 6 with JavaScript or JSON highlighting, its content labelled like any field. */
export default function CodeMirrorField({
  label,
  hint,
  language,
  value,
  onChange,
  minLines = 6,
}: CodeMirrorFieldProps) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      doc: value,
      extensions: [
        basicSetup,
        language === 'json' ? json() : javascript(),
        theme,
        // Long lines wrap: a phone-wide field would otherwise scroll sideways.
        EditorView.lineWrapping,
        // basicSetup's own colours are only a fallback, drawn for light backgrounds.
        syntaxHighlighting(highlight),
        EditorView.contentAttributes.of({ 'aria-labelledby': `${id}-label`, 'aria-multiline': 'true' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChangeRef.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor owns its text once made; outside changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, id]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className={labelClasses}>
        {label}
      </span>
      {hint && <p className={hintClasses}>{hint}</p>}
      <div ref={host} data-testid="code-editor" style={{ minHeight: `${minLines * 1.4}em` }} />
    </div>
  );
}
