import { DEFAULT_KEYBOARD_SHORTCUTS } from '@parley/core/entities';
import { Fragment, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Kbd } from '../../ui/Kbd';
import { useSyncedSetting } from '../../state';
import {
  detectMac,
  SHORTCUT_IDS,
  SHORTCUTS,
  applyShortcutOverrides,
  findChordOwner,
  isDefaultChord,
  shortcutSettingKey,
  storedChord,
  type ShortcutChord,
  type ShortcutId,
} from '../shortcuts';
import { notify } from '../toasts';
import { chordKeys, chordText } from './format-chord';
import { recordChord } from './record-chord';
import { useShortcutChords } from './use-shortcut-chords';

/** Every shortcut with its chord; click one to record a new chord, conflicts are refused. */
export function ShortcutEditor() {
  const { t } = useTranslation();
  const { value: stored, save } = useSyncedSetting('keyboardShortcuts');
  const chords = useShortcutChords();
  const [isMac] = useState(detectMac);
  const [recording, setRecording] = useState<ShortcutId | null>(null);
  const [problem, setProblem] = useState<{ id: ShortcutId; text: string } | null>(null);
  // A reset button disables itself once used: focus goes to the chord it reset, not to the page.
  const chordButtons = useRef(new Map<ShortcutId, HTMLButtonElement>());

  const persist = async (next: Record<string, string>) => {
    applyShortcutOverrides(next);
    try {
      await save(next);
    } catch (error) {
      notify.error(
        t('keyboardShortcuts.saveFailed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  };

  const bind = async (id: ShortcutId, chord: ShortcutChord) => {
    const owner = findChordOwner(chords, chord, id);
    if (owner) {
      setProblem({
        id,
        text: t('keyboardShortcuts.conflict', {
          chord: chordText(chord, isMac),
          action: t(SHORTCUTS[owner].labelKey),
        }),
      });
      return;
    }
    setRecording(null);
    setProblem(null);
    await persist({ ...stored, [shortcutSettingKey(id)]: storedChord(chord) });
    notify.success(t('keyboardShortcuts.saved'));
  };

  const onRecordKey = (id: ShortcutId, event: KeyboardEvent) => {
    if (event.key === 'Tab') return;
    // Keep the app's own shortcuts (and the browser, where it lets us) from acting on the keys.
    event.preventDefault();
    event.stopPropagation();
    const result = recordChord(event, isMac);
    if (result.kind === 'cancel') {
      setRecording(null);
      setProblem(null);
    } else if (result.kind === 'needsModifier') {
      setProblem({ id, text: t('keyboardShortcuts.needsModifier') });
    } else if (result.kind === 'chord') {
      void bind(id, result.chord);
    }
  };

  const resetOne = (id: ShortcutId) => {
    setProblem(null);
    chordButtons.current.get(id)?.focus();
    void persist({
      ...stored,
      [shortcutSettingKey(id)]: DEFAULT_KEYBOARD_SHORTCUTS[shortcutSettingKey(id)] ?? '',
    });
  };

  const allDefault = SHORTCUT_IDS.every((id) => isDefaultChord(id, chords[id]));

  return (
    <div className="flex flex-col gap-3">
      <p className="text-[13px] text-fg-muted">{t('keyboardShortcuts.intro')}</p>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {SHORTCUT_IDS.map((id) => {
          const action = t(SHORTCUTS[id].labelKey);
          const isRecording = recording === id;
          const keys = chordKeys(chords[id], isMac);
          const rowProblem = problem?.id === id ? problem.text : undefined;
          return (
            <li key={id} className="flex flex-col gap-1 px-3 py-2">
              {/* On a phone the chord and Reset move under the action rather than squeeze it. */}
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="min-w-32 flex-1 text-sm text-fg">{action}</span>
                <button
                  ref={(element) => {
                    if (element) chordButtons.current.set(id, element);
                    else chordButtons.current.delete(id);
                  }}
                  type="button"
                  // The name says what the button shows (WCAG 2.5.3): the chord, or "Press keys…".
                  aria-label={t('keyboardShortcuts.change', {
                    action,
                    keys: isRecording ? t('keyboardShortcuts.recording') : keys.join(' '),
                  })}
                  aria-describedby={rowProblem ? `shortcut-problem-${id}` : undefined}
                  onClick={() => {
                    setProblem(null);
                    setRecording(isRecording ? null : id);
                  }}
                  onKeyDown={isRecording ? (event) => onRecordKey(id, event) : undefined}
                  onBlur={() => isRecording && setRecording(null)}
                  className={cn(
                    'flex h-8 min-w-28 items-center justify-center gap-1 rounded-lg border px-2 transition-colors',
                    isRecording
                      ? 'border-accent bg-accent-soft text-accent-soft-fg'
                      : 'border-line hover:bg-hover',
                  )}
                >
                  {isRecording ? (
                    <span className="text-[12px] font-medium">{t('keyboardShortcuts.recording')}</span>
                  ) : (
                    // Spaces between the keys, so their text reads "Ctrl Shift N", not "CtrlShiftN".
                    keys.map((key, index) => (
                      <Fragment key={key}>
                        {index > 0 && ' '}
                        <Kbd>{key}</Kbd>
                      </Fragment>
                    ))
                  )}
                </button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('keyboardShortcuts.resetLabel', { action })}
                  disabled={isDefaultChord(id, chords[id])}
                  onClick={() => resetOne(id)}
                  // At least as wide as "Reset", wider where the language's word is longer.
                  className="min-w-16 shrink-0"
                >
                  {t('keyboardShortcuts.reset')}
                </Button>
              </div>
              {isRecording && !rowProblem && (
                <p className="text-[12px] text-fg-subtle">{t('keyboardShortcuts.recordingHint')}</p>
              )}
              {rowProblem && (
                <p id={`shortcut-problem-${id}`} role="alert" className="text-[12px] text-danger">
                  {rowProblem}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <Button
        size="sm"
        className="self-start"
        disabled={allDefault}
        onClick={() => {
          setProblem(null);
          chordButtons.current.get(SHORTCUT_IDS[0]!)?.focus();
          void persist({ ...DEFAULT_KEYBOARD_SHORTCUTS });
        }}
      >
        {t('keyboardShortcuts.resetAll')}
      </Button>
    </div>
  );
}
