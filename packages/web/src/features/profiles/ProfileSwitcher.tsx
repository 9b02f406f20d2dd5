import { currentProfile } from '@parley/core/persona';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../ui/icons/persona';
import { cn } from '../../ui/cn';
import { usePlatformServices, useRecordList } from '../../state';
import { useSettingsDialog } from '../settings';
import { notify } from '../toasts';
import { makeProfileCurrent } from './profile-actions';
import { ProfileAvatar } from './ProfileAvatar';

const rowClasses =
  'flex h-9 w-full items-center gap-2.5 rounded-lg px-2.5 text-sm text-fg transition-colors hover:bg-hover';

/** The sidebar's profile switcher: the current profile's picture or initials, and a menu to switch. */
export function ProfileSwitcher() {
  const { t } = useTranslation();
  const { store } = usePlatformServices();
  const profiles = useRecordList('profiles');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (profiles === null) return null;
  const current = currentProfile(profiles);
  const manage = () => {
    setOpen(false);
    useSettingsDialog.getState().open('profiles');
  };
  if (profiles.length === 0) {
    return (
      <button type="button" onClick={manage} className={rowClasses}>
        <UserIcon size={16} className="text-fg-muted" />
        {t('profiles.switcher.create')}
      </button>
    );
  }
  const name = current?.name ?? t('profiles.switcher.heading');
  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('profiles.switcher.heading')}
          className="absolute right-0 bottom-full left-0 z-40 mb-1 rounded-xl border border-line bg-raised p-1 shadow-popover"
        >
          {profiles.map((profile) => (
            <button
              key={profile.id}
              type="button"
              role="menuitemradio"
              aria-checked={profile.id === current?.id}
              onClick={() => {
                setOpen(false);
                makeProfileCurrent(store, profile.id).catch((error: unknown) => {
                  console.error('switching profile failed', error);
                  notify.error(t('profiles.section.saveFailed'));
                });
              }}
              className={cn(rowClasses, profile.id === current?.id && 'bg-active font-medium')}
            >
              <ProfileAvatar profile={profile} size={22} />
              <span className="truncate">{profile.name}</span>
            </button>
          ))}
          <div className="my-1 border-t border-line" />
          <button type="button" role="menuitem" onClick={manage} className={rowClasses}>
            <UserIcon size={16} className="text-fg-muted" />
            {t('profiles.switcher.manage')}
          </button>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('profiles.switcher.label', { name })}
        onClick={() => setOpen((value) => !value)}
        className={rowClasses}
      >
        {current ? <ProfileAvatar profile={current} size={24} /> : <UserIcon size={16} />}
        <span className="truncate">{name}</span>
      </button>
    </div>
  );
}
