import type { ModelDescriptor } from '@parley/core/models';
import { memo, type CSSProperties } from 'react';
import { cn } from '../../ui/cn';
import { ModelFactsLine } from './ModelFacts';
import type { ModelFactsText } from './model-facts';
import type { PickerGroup, PickerRow } from './model-options';

export const GROUP_ROW_PX = 30;
export const MODEL_ROW_PX = 54;

export type GroupSpan = { readonly start: number; readonly size: number };

/** Where each provider's group starts in the list and how tall it is: once per filtered list. */
export function groupSpans(rows: readonly PickerRow[]): ReadonlyMap<PickerGroup, GroupSpan> {
  const spans = new Map<PickerGroup, { start: number; size: number }>();
  let offset = 0;
  let current: { start: number; size: number } | undefined;
  for (const row of rows) {
    const height = row.kind === 'group' ? GROUP_ROW_PX : MODEL_ROW_PX;
    // Rows come group by group, each after its heading.
    if (row.kind === 'group') spans.set(row.provider, (current = { start: offset, size: 0 }));
    if (current) current.size += height;
    offset += height;
  }
  return spans;
}

export function rowStyle(top: number, height: number): CSSProperties {
  return { position: 'absolute', top: 0, left: 0, width: '100%', height, transform: `translateY(${top}px)` };
}

/**
 * One option of the list. Memoised with plain props, and keyed by its place in the window rather
 * than by model, so that a keystroke patches the texts of the rows in view instead of replacing them.
 */
export const ModelOption = memo(function ModelOption(props: {
  id: string;
  index: number;
  model: ModelDescriptor;
  facts: ModelFactsText;
  top: number;
  height: number;
  active: boolean;
  selected: boolean;
  onChoose: (index: number) => void;
  onHover: (index: number) => void;
}) {
  const { model } = props;
  return (
    <div
      id={props.id}
      role="option"
      aria-selected={props.selected}
      // Named by all it shows, title first (WCAG 2.5.3): the facts are visible words of the option.
      aria-labelledby={`${props.id}-title ${props.id}-facts`}
      style={rowStyle(props.top, props.height)}
      onClick={() => props.onChoose(props.index)}
      onMouseMove={props.active ? undefined : () => props.onHover(props.index)}
      className={cn(
        'flex cursor-pointer flex-col justify-center gap-0.5 rounded-lg px-2.5',
        props.active && 'bg-hover',
        props.selected && 'text-accent',
      )}
    >
      <span id={`${props.id}-title`} className="truncate text-sm font-medium">
        {model.title}
      </span>{' '}
      <ModelFactsLine id={`${props.id}-facts`} facts={props.facts} />
    </div>
  );
});
