import {
  applySelectionEdit,
  buildSelectionEditRequest,
  clampSelection,
  readSelectionReplacement,
  type TextSelection,
} from '@parley/core/chat';
import { collectChat, streamChat } from '@parley/core/providers';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { CanvasDiff } from './CanvasDiff';
import type { CanvasEditPort } from './canvas-edits';
import type { CanvasDocument } from './canvas-open';

/** A passage change that gets no answer in this time fails rather than waiting for ever. */
const ASK_TIMEOUT_MS = 90_000;
const SHOWN_PASSAGE = 80;

type EditState =
  | { kind: 'editing' }
  | { kind: 'asking' }
  | { kind: 'proposal'; before: string; after: string }
  | { kind: 'saving' };

/**
 * "Edit in canvas" (decision 0135): the document's text to change by hand, and a selected passage
 * the model changes on request (chat SPEC CV1-CV4), shown as a diff to Accept (the next version)
 * or Reject (nothing changes). Saving, by hand or by Accept, makes the next version (CV5).
 */
export function CanvasEditor({
  document,
  edits,
  onSaved,
  onCancel,
}: {
  document: CanvasDocument;
  edits: CanvasEditPort;
  onSaved: (content: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(document.content);
  const [selection, setSelection] = useState<TextSelection>({ start: 0, end: 0 });
  const [prompting, setPrompting] = useState(false);
  const [instruction, setInstruction] = useState('');
  const [state, setState] = useState<EditState>({ kind: 'editing' });
  const [problem, setProblem] = useState<string | null>(null);
  const asked = useRef<AbortController | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const instructionId = useId();
  useEffect(() => () => asked.current?.abort(), []);

  const { start, end } = clampSelection(draft, selection);
  const passage = draft.slice(start, end);
  const hasPassage = passage.trim() !== '';

  const save = async (content: string) => {
    setState({ kind: 'saving' });
    setProblem(null);
    if (await edits.save({ ...document, content })) onSaved(content);
    else {
      setProblem(t('canvas.edit.saveFailed'));
      setState({ kind: 'editing' });
    }
  };

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const target = edits.model();
    if (!target.ok) {
      setProblem(
        target.problem === 'no-key'
          ? t('canvas.edit.noKey', { model: target.model })
          : t('canvas.edit.noModel'),
      );
      return;
    }
    const built = buildSelectionEditRequest({
      document: { ...document, content: draft },
      selection: { start, end },
      instruction,
      model: target.model,
      access: target.access,
    });
    if (!built.ok) {
      setProblem(
        built.reason === 'too-long'
          ? t('canvas.edit.tooLong', { model: target.model.title })
          : built.reason === 'no-selection'
            ? t('canvas.edit.selectFirst')
            : t('canvas.edit.sayWhat'),
      );
      return;
    }
    asked.current?.abort();
    const controller = new AbortController();
    asked.current = controller;
    setState({ kind: 'asking' });
    const result = await collectChat(
      streamChat(built.request, { fetch: edits.fetch, timeoutMs: ASK_TIMEOUT_MS, signal: controller.signal }),
    ).catch((error: unknown) => ({
      error: error instanceof Error ? error : new Error(String(error)),
      text: '',
    }));
    if (controller.signal.aborted) return;
    if (result.error) {
      setProblem(t('canvas.edit.failed', { message: result.error.message }));
      setState({ kind: 'editing' });
      return;
    }
    const replacement = readSelectionReplacement(result.text, passage);
    setState({
      kind: 'proposal',
      before: draft,
      after: applySelectionEdit(draft, { start, end }, replacement),
    });
  };

  if (state.kind === 'proposal') {
    return (
      <div className="flex h-full min-h-0 flex-col">
        <div className="flex flex-wrap items-center gap-2 border-b border-line bg-raised px-3 py-2">
          <p className="min-w-0 flex-1 text-sm">{t('canvas.edit.proposal')}</p>
          <Button size="sm" variant="primary" onClick={() => void save(state.after)}>
            {t('canvas.edit.accept')}
          </Button>
          <Button
            size="sm"
            onClick={() => {
              setDraft(state.before);
              setState({ kind: 'editing' });
            }}
          >
            {t('canvas.edit.reject')}
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-auto">
          <CanvasDiff before={state.before} after={state.after} label={t('canvas.edit.proposal')} />
        </div>
      </div>
    );
  }

  const busy = state.kind === 'asking' || state.kind === 'saving';
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2">
        <Button
          size="sm"
          variant="primary"
          disabled={busy || draft === document.content}
          onClick={() => void save(draft)}
        >
          {t('canvas.edit.save')}
        </Button>
        <Button
          size="sm"
          aria-expanded={prompting}
          disabled={busy}
          onClick={() => {
            // The passage as the text box holds it now (a selection made by any means).
            const box = area.current;
            const chosen = box ? { start: box.selectionStart, end: box.selectionEnd } : selection;
            setSelection(chosen);
            if (draft.slice(chosen.start, chosen.end).trim() === '') {
              setProblem(t('canvas.edit.selectFirst'));
              return;
            }
            setProblem(null);
            setPrompting(true);
          }}
        >
          {t('canvas.edit.askSelection')}
        </Button>
        <Button size="sm" disabled={busy} onClick={onCancel}>
          {t('canvas.edit.close')}
        </Button>
        {!hasPassage && !prompting && (
          <span className="text-xs text-fg-muted">{t('canvas.edit.selectHint')}</span>
        )}
      </div>
      {prompting && (
        <form
          onSubmit={(event) => void ask(event)}
          className="flex flex-col gap-2 border-b border-line bg-raised px-3 py-2"
        >
          <label htmlFor={instructionId} className="text-xs font-medium text-fg">
            {t('canvas.edit.instructionLabel')}
          </label>
          {hasPassage && (
            <p className="truncate font-mono text-xs text-fg-muted">
              {t('canvas.edit.selected', {
                passage:
                  passage.length > SHOWN_PASSAGE
                    ? `${passage.slice(0, SHOWN_PASSAGE).trim()}…`
                    : passage.trim(),
              })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <input
              id={instructionId}
              value={instruction}
              onChange={(event) => setInstruction(event.target.value)}
              maxLength={2000}
              autoFocus
              placeholder={t('canvas.edit.instructionPlaceholder')}
              className="min-w-0 flex-1 rounded-md border border-line bg-app px-2 py-1 text-sm"
            />
            <Button type="submit" size="sm" variant="primary" disabled={busy || instruction.trim() === ''}>
              {state.kind === 'asking' ? t('canvas.edit.asking') : t('canvas.edit.ask')}
            </Button>
            <Button
              size="sm"
              disabled={state.kind === 'asking'}
              onClick={() => {
                setPrompting(false);
                setProblem(null);
              }}
            >
              {t('canvas.edit.cancel')}
            </Button>
          </div>
        </form>
      )}
      {problem && (
        <p role="alert" className="border-b border-line px-3 py-2 text-sm text-danger">
          {problem}
        </p>
      )}
      <textarea
        ref={area}
        aria-label={t('canvas.edit.textLabel')}
        value={draft}
        readOnly={busy}
        spellCheck={document.kind === 'markdown'}
        onChange={(event) => setDraft(event.target.value)}
        onSelect={(event) =>
          setSelection({ start: event.currentTarget.selectionStart, end: event.currentTarget.selectionEnd })
        }
        className="min-h-0 flex-1 resize-none bg-app px-4 py-3 font-mono text-[13px] leading-relaxed text-fg focus:outline-none"
      />
    </div>
  );
}
