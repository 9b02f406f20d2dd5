import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { SidebarIcon } from '../../ui/icons/shell';
import { useShortcutLabel } from '../shortcuts';

export type SidebarToggleProps = {
  sidebarId: string;
  collapsed: boolean;
  onToggle: () => void;
  ref?: Ref<HTMLButtonElement>;
};

/** Collapse (inside the sidebar) or expand (in the top bar while collapsed) the sidebar. */
export function SidebarToggle({ sidebarId, collapsed, onToggle, ref }: SidebarToggleProps) {
  const { t } = useTranslation();
  const chord = useShortcutLabel('toggleSidebar');
  return (
    <IconButton
      ref={ref}
      label={collapsed ? t('shell.sidebar.expand') : t('shell.sidebar.collapse')}
      shortcut={chord}
      icon={<SidebarIcon />}
      aria-expanded={!collapsed}
      aria-controls={sidebarId}
      onClick={onToggle}
    />
  );
}
