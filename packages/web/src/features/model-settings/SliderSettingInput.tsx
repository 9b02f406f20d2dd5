import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { errorClasses, hintClasses, labelClasses } from '../../ui/field-classes';
import { parseSettingInput, sliderValue } from './model-setting-fields';

/** The number beside the slider: a text field's look, narrow, figures aligned. */
const numberClasses =
  'h-9 w-24 shrink-0 rounded-lg border border-line-strong bg-raised px-2 text-right text-sm tabular-nums ' +
  'text-fg shadow-xs placeholder:text-fg-subtle transition-colors hover:border-fg-subtle ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 aria-invalid:border-danger';

/** How long a slider may rest before its value is saved while it is still held or stepped. */
const SLIDER_SAVE_DELAY_MS = 300;

export type SliderRange = { min: number; max: number; step: number; integer: boolean };

/**
 * One numeric setting as a slider with its number beside it (native range input: arrows, Page Up and
 * Down, Home and End; both named by the label). Empty means "use the default": the number shows the
 * default as its placeholder and the slider rests, dimmed, where that default is. Typed numbers are
 * saved when the field is left or on Enter, slider moves once the slider rests.
 */
export function SliderSettingInput({
  label,
  hint,
  notSentId,
  range,
  sliderMax,
  value,
  fallback,
  resting,
  emptyText,
  emptyPlaceholder,
  formatValue,
  onCommit,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** Set when the chat's model is not sent this setting now (RC6): the id of the note that says why. */
  notSentId?: string;
  range: SliderRange;
  /** The slider's top when the typed range is wider. */
  sliderMax?: number;
  value: number | null | undefined;
  /** What applies when empty: the synced default (chat mode), else null. */
  fallback: number | null;
  /** Where the slider rests with neither a value nor a default. */
  resting: number;
  /** Beside the label with neither a value nor a default ("Provider default", "All"). */
  emptyText: string;
  /** The number's placeholder then, short enough for it ("Auto", "All"). */
  emptyPlaceholder: string;
  /** A word for a value where a number says less (a thinking budget of 0 is "Off"). */
  formatValue?: (value: number) => string | null;
  onCommit: (value: number | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const own = typeof value === 'number' ? value : null;
  const shown = own === null ? '' : String(own);
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  const [invalid, setInvalid] = useState(false);
  if (shown !== lastShown) {
    setLastShown(shown);
    setText(shown);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = (parsed: number | null) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (parsed !== own) onCommit(parsed);
  };
  const commitText = () => {
    const parsed = parseSettingInput(text, range);
    if (parsed === undefined) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText(parsed === null ? '' : String(parsed));
    save(parsed);
  };
  const flushSlider = () => {
    if (timer.current === undefined) return;
    const parsed = parseSettingInput(text, range);
    if (parsed !== undefined) save(parsed);
  };

  const typed = parseSettingInput(text, range);
  const current = typeof typed === 'number' ? typed : null;
  const top = sliderMax ?? range.max;
  const position = Math.min(top, current ?? fallback ?? resting);
  const word = current !== null && formatValue ? formatValue(current) : null;
  const placeholder = fallback === null ? emptyPlaceholder : String(fallback);
  const describedBy = [hint ? hintId : '', notSentId ?? '', invalid ? errorId : ''].filter(Boolean).join(' ');

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label id={labelId} htmlFor={`${id}-number`} className={labelClasses}>
          {label}
        </label>
        {notSentId ? (
          <span className="text-xs font-medium text-fg-muted">{t('modelSettings.notSent')}</span>
        ) : current === null ? (
          <span className="text-xs text-fg-subtle">
            {fallback === null ? emptyText : t('modelSettings.defaultValue', { value: String(fallback) })}
          </span>
        ) : (
          word && <span className="text-xs text-fg-subtle">{word}</span>
        )}
      </div>
      <div className="flex items-center gap-3">
        {/* The slider's own label (the visible one names the number beside it): a native label
            names it wherever it is scrolled to, where axe skips aria-labelledby text off screen. */}
        <label htmlFor={`${id}-range`} className="sr-only">
          {label}
        </label>
        <input
          id={`${id}-range`}
          type="range"
          aria-describedby={describedBy || undefined}
          aria-valuetext={word ?? (current === null ? placeholder : undefined)}
          min={range.min}
          max={top}
          step={range.step}
          value={position}
          onChange={(event) => {
            const next = sliderValue(event.target.value, range);
            setInvalid(false);
            setText(String(next));
            clearTimeout(timer.current);
            timer.current = setTimeout(() => save(next), SLIDER_SAVE_DELAY_MS);
          }}
          onPointerUp={flushSlider}
          onKeyUp={flushSlider}
          onBlur={flushSlider}
          className={cn(
            'h-5 min-w-0 flex-1 cursor-pointer accent-accent',
            (current === null || notSentId) && 'opacity-55',
          )}
        />
        <input
          id={`${id}-number`}
          type="text"
          inputMode={range.integer ? 'numeric' : 'decimal'}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commitText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitText();
          }}
          className={numberClasses}
        />
      </div>
      {hint && (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      )}
      {invalid && (
        <p id={errorId} className={errorClasses}>
          {t('modelSettings.invalidNumber')}
        </p>
      )}
    </div>
  );
}
