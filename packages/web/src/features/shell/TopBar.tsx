import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { SettingsIcon } from '../../ui/icons/shell';

export type TopBarProps = {
  /** The expand-sidebar button, present while the sidebar is collapsed. */
  sidebarToggle: ReactNode;
  /** Slot: the model picker. */
  modelPicker: ReactNode;
  /** Slot: status icons beside Settings (cloud sync). */
  status?: ReactNode;
  onOpenSettings: () => void;
};

export function TopBar({ sidebarToggle, modelPicker, status, onOpenSettings }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-line px-2 sm:px-3">
      {sidebarToggle}
      {/* The model slot takes the room left and gives it back first: its title truncates, so
          nothing after it is pushed under the status icons or off a phone's edge. */}
      <div className="flex min-w-0 flex-1 items-center">{modelPicker}</div>
      <div className="flex shrink-0 items-center gap-1">
        {status}
        <IconButton
          label={t('shell.topBar.settings')}
          icon={<SettingsIcon />}
          tooltipSide="bottom"
          onClick={onOpenSettings}
        />
      </div>
    </header>
  );
}
