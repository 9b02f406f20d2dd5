import { listedProviders, type DirectoryModel, type ListedProvider } from '@parley/core/model-lists';
import type { ModelDescriptor } from '@parley/core/models';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useAnchoredPopover } from '../../ui/anchored-popover';
import { cn } from '../../ui/cn';
import { RefreshIcon } from '../../ui/icons/shell';
import { useModelLists, useModelListsStore, useProviderAccess, useSyncedSettings } from '../../state';
import { ModelListNotices } from './ModelListNotices';
import {
  GROUP_ROW_PX,
  groupSpans,
  MODEL_ROW_PX,
  ModelOption,
  rowStyle,
  type GroupSpan,
} from './ModelOptionRow';
import { modelFactsText } from './model-facts';
import { useHostedModels } from '../hosted-models';
import {
  GROUP_ORDER,
  listEntries,
  pickerGroupOf,
  pickerRows,
  type PickerGroup,
  type PickerRow,
} from './model-options';
import { createModelSearch, type ModelSearch } from './model-search';
import { rememberLast } from './remember-last';
import { useModelDirectory } from './use-model-directory';

const SMALL_LIST_ROWS = 60;
const LISTED: readonly ListedProvider[] = listedProviders;
/** Rows rendered beyond each edge of the view, so a fast scroll does not show blank space. */
const OVERSCAN_ROWS = 4;
const LIST_MAX_PX = 420;
/** The list's padding, above and below its rows (p-1.5). */
const LIST_PADDING_PX = 12;
/** More than the rows ever rendered at once (a whole short list, or a window): their keys. */
const WINDOW_SLOTS = 64;

// The list, its search keys and its unfiltered rows outlive the popup, which mounts at each opening:
// reopening over the same models derives nothing again.
const rememberedEntries = rememberLast<DirectoryModel[]>();
const rememberedSearch = rememberLast<ModelSearch<DirectoryModel>>();
const rememberedRows = rememberLast<ReturnType<typeof listRows>>();

export type ModelPickerPanelProps = {
  listId: string;
  currentId: string;
  /** The open chat's model when the directory lacks it (retired, or gone from the list). */
  keepModel?: ModelDescriptor | undefined;
  /** The button the popup opens from: the popup places itself beside it (useAnchoredPopover). */
  anchorRef: RefObject<HTMLElement | null>;
  onChoose: (model: ModelDescriptor | undefined) => void;
  onClose: () => void;
  /**
   * False while the picker is closed but kept (the top bar's picker keeps its popup after the first
   * opening, so that opening again only shows it, decision 0157): invisible, inert and hidden from
   * assistive tech, its search and options back to how an opening finds them. Default true.
   */
  shown?: boolean;
};

/** A kept popup while closed: laid out (an opening then lays out nothing) but not seen, clicked or read. */
const HIDDEN_STYLE: CSSProperties = { visibility: 'hidden' };

/**
 * The picker's popup, a chunk of its own: a search field that drives a virtual listbox (ARIA 1.2
 * combobox with list autocomplete), grouped by provider, with refresh, "show all", and each
 * provider's list errors above the list. A kept popup that stays hidden does not render for its
 * picker (another chat's model, new handlers): it takes them when it is shown.
 */
export default memo(function PlacedModelPickerPanel(props: ModelPickerPanelProps) {
  // Placed in this chunk, not by the buttons on the first screen. Nothing shows until it is measured;
  // a kept popup stays where it was while closed.
  const placed = useAnchoredPopover(props.anchorRef, props.shown ?? true, { width: 400, maxHeight: 560 });
  const [place, setPlace] = useState(placed);
  if (placed && placed !== place) setPlace(placed);
  return place ? <ModelPickerPanel {...props} place={place} /> : null;
}, skipWhileHidden);

function skipWhileHidden(before: ModelPickerPanelProps, after: ModelPickerPanelProps): boolean {
  return before.shown === false && after.shown === false;
}

function ModelPickerPanel({
  listId,
  currentId,
  keepModel,
  place,
  onChoose,
  onClose,
  shown = true,
}: ModelPickerPanelProps & { place: CSSProperties }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  // Closing puts the search and "show all" back as a fresh opening has them: that work is done at
  // the close, and the next opening finds the list as it will show it.
  const [wasShown, setWasShown] = useState(shown);
  if (wasShown !== shown) {
    setWasShown(shown);
    if (!shown) {
      setQuery('');
      setShowAll(false);
    }
  }
  const settings = useSyncedSettings((state) => state.values);
  const directory = useModelDirectory(showAll);
  const lists = useModelListsStore();
  const loading = useModelLists((state) => LISTED.some((p) => state.lists[p]?.loading));
  const access = useProviderAccess();
  const keyed = LISTED.filter((provider) => access(provider).apiKey);
  // The organisation's models are headed by its name (HOSTED_ORGANISATION_NAME on the server).
  const organisation = useHostedModels((state) => state.organisation);
  // The popup's fixed words, looked up once per language (not at each opening and keystroke).
  const words = useMemo(
    () => ({
      search: t('modelPicker.search'),
      searchPlaceholder: t('modelPicker.searchPlaceholder'),
      refresh: t('modelPicker.refresh'),
      refreshing: t('modelPicker.refreshing'),
      showAll: t('modelPicker.showAll'),
      listLabel: t('modelPicker.listLabel'),
      noMatch: t('modelPicker.noMatch'),
      groups: new Map<PickerGroup, string>(
        GROUP_ORDER.map((group) => [
          group,
          group === 'organisation'
            ? organisation || t('modelPicker.groups.organisation')
            : t(`modelPicker.groups.${group}`),
        ]),
      ),
    }),
    [t, organisation],
  );
  const groupName = (group: PickerGroup) => words.groups.get(group) ?? group;

  const { customModels, modelIDsOrder, hiddenModelIDs } = settings;
  const entries = rememberedEntries(
    [directory, customModels, modelIDsOrder, hiddenModelIDs, currentId, keepModel],
    () =>
      listEntries({
        directory,
        customModels,
        order: modelIDsOrder,
        hidden: hiddenModelIDs,
        keep: currentId,
        keepModel,
      }),
  );
  // Search keys are made once per list; each keystroke only compares strings (model-search.ts).
  const search = rememberedSearch([entries], () => createModelSearch(entries));
  // A keystroke that finds the same models (most do, once a query is a few letters long) gets the same
  // array, hence the same rows: nothing below renders again.
  const found = useMemo(() => search(query), [search, query]);
  const { rows, models, rowOf, spans } = useMemo(
    () => (found === entries ? rememberedRows([entries], () => listRows(entries)) : listRows(found)),
    [entries, found],
  );
  const listHeight = Math.min(listPx(spans) + LIST_PADDING_PX, LIST_MAX_PX);
  const [activeIndex, setActiveIndex] = useState(() =>
    Math.max(
      0,
      models.findIndex((entry) => entry.model.id === currentId),
    ),
  );
  // Each opening starts at the chosen model, as the first one does.
  const currentIndex = models.findIndex((entry) => entry.model.id === currentId);
  const [openedAt, setOpenedAt] = useState(shown);
  if (openedAt !== shown) {
    setOpenedAt(shown);
    if (shown) setActiveIndex(Math.max(0, currentIndex));
  }
  const active = Math.min(activeIndex, Math.max(0, models.length - 1));

  const scrollRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Stable while the rows are: a new key function makes the virtualizer measure every row again.
  const rowKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const rowSize = useCallback(
    (index: number) => (rows[index]?.kind === 'group' ? GROUP_ROW_PX : MODEL_ROW_PX),
    [rows],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowSize,
    getItemKey: rowKey,
    // A short list is rendered whole (every option reachable by assistive tech and find-in-page);
    // only long lists (OpenRouter's hundreds) are virtual.
    overscan: rows.length <= SMALL_LIST_ROWS ? rows.length : OVERSCAN_ROWS,
    // The rows sit inside the list's padding: an option scrolled up from below shows whole, with it.
    scrollPaddingEnd: LIST_PADDING_PX,
    // The list's size before it is laid out (as it will be, unless a short screen squeezes it): the
    // first render is then the right window, and opening takes one render, not two.
    initialRect: { width: typeof place.width === 'number' ? place.width - 2 : 380, height: listHeight },
  });
  // The list follows the active option when it opens and on keyboard moves, never on hover: a
  // hovered option scrolled into view moves another one under the pointer, which hovers next.
  // It scrolls only when the option is out of view: a scroll forces a layout in the middle of the
  // keystroke's frame, and a new query (active back to the first) mostly finds the list at the top.
  const followActive = useRef(true);
  // An opening focuses the search and follows the active option; a closing puts the list back at
  // its top (where a fresh opening finds it), while it is hidden.
  useLayoutEffect(() => {
    if (shown) {
      followActive.current = true;
      searchRef.current?.focus();
    } else if (scrollRef.current && scrollRef.current.scrollTop > 0) {
      virtualizer.scrollToOffset(0);
    }
  }, [shown, virtualizer]);
  useEffect(() => {
    if (!shown || !followActive.current) return;
    followActive.current = false;
    const at = rowOf[active];
    if (at === undefined) return;
    if (active === 0) {
      if ((virtualizer.scrollOffset ?? 0) > 0) virtualizer.scrollToOffset(0);
      return;
    }
    // A keyboard move reads where the list is now: a scroll it asked for a moment ago may not have
    // reached the virtualizer yet.
    const list = scrollRef.current;
    const row = virtualizer.measurementsCache[at];
    const top = LIST_PADDING_PX / 2 + (row?.start ?? 0);
    const bottom = LIST_PADDING_PX / 2 + (row?.end ?? 0);
    if (!list || !row || top < list.scrollTop || bottom > list.scrollTop + list.clientHeight)
      virtualizer.scrollToIndex(at, { align: 'auto' });
  }, [active, rowOf, virtualizer, shown]);
  const moveActive = (index: number) => {
    followActive.current = true;
    setActiveIndex(index);
  };
  const optionId = (index: number) => `${listId}-option-${index}`;
  // Stable handlers, so a keystroke re-renders only the options whose row changed (memo below).
  const modelsRef = useRef(models);
  modelsRef.current = models;
  const chooseRef = useRef(onChoose);
  chooseRef.current = onChoose;
  const chooseAt = useCallback((index: number) => chooseRef.current(modelsRef.current[index]?.model), []);
  // A keystroke that changed nothing leaves its "follow" unread: a hover must not scroll on its behalf.
  const hoverAt = useCallback((index: number) => {
    followActive.current = false;
    setActiveIndex(index);
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    const last = models.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      PageDown: Math.min(last, active + 8),
      PageUp: Math.max(0, active - 8),
    };
    if (event.key in moves) {
      event.preventDefault();
      moveActive(moves[event.key]!);
    } else if ((event.key === 'Home' || event.key === 'End') && event.ctrlKey) {
      event.preventDefault();
      moveActive(event.key === 'Home' ? 0 : last);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onChoose(models[active]?.model);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div
      style={shown ? place : { ...place, ...HIDDEN_STYLE }}
      aria-hidden={shown ? undefined : true}
      className="z-40 flex flex-col rounded-xl border border-line bg-raised shadow-popover"
    >
      <div className="flex shrink-0 items-center gap-1.5 border-b border-line p-1.5">
        <input
          ref={searchRef}
          type="search"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            moveActive(0);
          }}
          onKeyDown={onKeyDown}
          aria-label={words.search}
          placeholder={words.searchPlaceholder}
          aria-controls={listId}
          aria-activedescendant={models.length > 0 ? optionId(active) : undefined}
          aria-autocomplete="list"
          className="h-8 min-w-0 flex-1 rounded-lg bg-sunken px-2.5 text-sm text-fg placeholder:text-fg-subtle focus:outline-none focus-visible:ring-2 focus-visible:ring-accent"
        />
        <button
          type="button"
          onClick={() => void lists.refresh({ force: true }).catch(() => undefined)}
          disabled={loading || keyed.length === 0}
          aria-label={loading ? words.refreshing : words.refresh}
          title={words.refresh}
          className="grid size-8 shrink-0 place-items-center rounded-lg text-fg-muted hover:bg-hover disabled:opacity-50"
        >
          <RefreshIcon size={16} className={cn(loading && 'animate-spin motion-reduce:animate-none')} />
        </button>
      </div>
      <div className="flex shrink-0 items-center justify-between gap-2 px-3 py-1.5 text-xs text-fg-muted">
        <span aria-live="polite">{t('modelPicker.count', { count: models.length })}</span>
        <label className="flex cursor-pointer items-center gap-1.5">
          <input
            type="checkbox"
            role="switch"
            checked={showAll}
            onChange={(event) => setShowAll(event.target.checked)}
            className="accent-[var(--accent)]"
          />
          {words.showAll}
        </label>
      </div>
      <ModelListNotices providers={keyed} />
      <div
        ref={scrollRef}
        id={listId}
        role="listbox"
        aria-label={words.listLabel}
        tabIndex={-1}
        // The query the painted list answers (the filter may lag the field by a keystroke).
        data-query={query}
        className="min-h-0 shrink overflow-y-auto p-1.5 [contain:strict]"
        style={{ height: listHeight }}
        onMouseDown={(event) => event.preventDefault()}
      >
        {models.length === 0 && <p className="px-2.5 py-3 text-sm text-fg-subtle">{words.noMatch}</p>}
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {visibleGroups(rows, spans, virtualizer.getVirtualItems()).map(
            ({ provider, start, size, items }) => (
              // Each provider's visible options sit in its own group (ARIA listbox groups), placed where
              // the group starts; the options inside are placed relative to it.
              <div
                key={provider}
                role="group"
                aria-label={groupName(provider)}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  height: size,
                  transform: `translateY(${start}px)`,
                }}
              >
                {items.map((item) => {
                  const row = rows[item.index]!;
                  if (row.kind === 'group') {
                    return (
                      <div
                        key={row.key}
                        role="presentation"
                        style={rowStyle(item.start - start, item.size)}
                        className="px-2.5 pt-2.5 text-xs font-medium text-fg-subtle"
                      >
                        {groupName(row.provider)}
                      </div>
                    );
                  }
                  const { model } = row.entry;
                  return (
                    <ModelOption
                      // By place in the window (see ModelOption): a keystroke or scroll patches rows.
                      key={item.index % WINDOW_SLOTS}
                      id={optionId(row.index)}
                      index={row.index}
                      model={model}
                      facts={modelFactsText(model, t, i18n.language)}
                      top={item.start - start}
                      height={item.size}
                      active={row.index === active}
                      selected={model.id === currentId}
                      onChoose={chooseAt}
                      onHover={hoverAt}
                    />
                  );
                })}
              </div>
            ),
          )}
        </div>
      </div>
    </div>
  );
}

/** The rows of the list, and where each provider's group is. */
function listRows(items: readonly DirectoryModel[]) {
  const list = pickerRows(items);
  return { ...list, spans: groupSpans(list.rows) };
}

/** The height of all rows: where the last group ends. */
function listPx(spans: ReadonlyMap<PickerGroup, GroupSpan>): number {
  let end = 0;
  for (const span of spans.values()) end = Math.max(end, span.start + span.size);
  return end;
}

type VirtualRow = { index: number; start: number; size: number; key: string | number | bigint };

/** The visible rows by provider group, with where each whole group starts and how tall it is. */
function visibleGroups(
  rows: readonly PickerRow[],
  spans: ReadonlyMap<PickerGroup, GroupSpan>,
  visible: readonly VirtualRow[],
) {
  const groups: { provider: PickerGroup; start: number; size: number; items: VirtualRow[] }[] = [];
  let current: (typeof groups)[number] | undefined;
  for (const item of visible) {
    const row = rows[item.index];
    if (!row) continue;
    const provider = row.kind === 'group' ? row.provider : pickerGroupOf(row.entry.model);
    if (current?.provider !== provider) {
      const span = spans.get(provider) ?? { start: 0, size: 0 };
      current = { provider, start: span.start, size: span.size, items: [] };
      groups.push(current);
    }
    current.items.push(item);
  }
  return groups;
}
