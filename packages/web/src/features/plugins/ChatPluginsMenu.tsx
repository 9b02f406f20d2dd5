import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnchoredPopover } from '../../ui/anchored-popover';
import { Tooltip } from '../../ui/Tooltip';
import { PluginIcon } from '../../ui/icons/shell';
import { useFeatureFlags } from '../license';
import { useShortcut, useShortcutLabel } from '../shortcuts';
import { lazyPart, prefetchAfterFirstScreen } from '../../state';

// The open menu (its plugins, their status, the MCP servers) loads when it first opens (decision 0141).
const MenuPanel = lazyPart(() => import('./ChatPluginsMenuPanel'), {
  pick: (module) => module.MenuPanel,
  strings: 'plugins',
});

const barButton =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-[13px] font-medium text-fg-muted transition-colors hover:bg-hover hover:text-fg';

/**
 * The chat toolbar's plugins menu (shortcut P): the enabled plugins with a switch each, saying
 * which this chat may use (PL21, PL24). A plugin that cannot run says what it is missing.
 */
export function ChatPluginsMenu() {
  const { t } = useTranslation();
  const flagOn = useFeatureFlags((state) => state.flags.usePlugins);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const chord = useShortcutLabel('togglePlugins');
  const place = useAnchoredPopover(triggerRef, open, { width: 300, side: 'above' });
  useShortcut('togglePlugins', () => setOpen((value) => !value), flagOn);
  // Fetched once the first screen has painted, so the menu opens at once (and offline).
  useEffect(() => (flagOn ? prefetchAfterFirstScreen(MenuPanel.preload) : undefined), [flagOn]);
  if (!flagOn) return null;
  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          triggerRef.current?.focus();
        }
      }}
    >
      <Tooltip content={t('plugins.menu.label')} shortcut={chord} side="top" decorative>
        <button
          ref={triggerRef}
          type="button"
          aria-label={t('plugins.menu.label')}
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          className={barButton}
        >
          <PluginIcon size={16} />
        </button>
      </Tooltip>
      {open && place && <MenuPanel style={place} onClose={() => setOpen(false)} />}
    </div>
  );
}
