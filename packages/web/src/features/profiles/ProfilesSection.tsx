import { DEFAULT_PROFILE_NAME, parseUserProfile, type UserProfile } from '@parley/core/entities';
import { currentProfile } from '@parley/core/persona';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { PlusIcon } from '../../ui/icons/shell';
import { usePlatformServices, useRecordList } from '../../state';
import { notify } from '../toasts';
import { deleteProfile, makeProfileCurrent } from './profile-actions';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileEditor, type ProfileDraft } from './ProfileEditor';

type Editing = { profile: UserProfile | null } | null;

/** Settings, Profiles: several profiles, one current (spec "User profile"). Its own chunk. */
export default function ProfilesSection() {
  const { t } = useTranslation();
  const { store, ids } = usePlatformServices();
  const profiles = useRecordList('profiles');
  const [editing, setEditing] = useState<Editing>(null);
  const current = currentProfile(profiles ?? []);

  const run = (work: () => Promise<void>, done?: string) =>
    work()
      .then(() => done && notify.success(done))
      .catch((error: unknown) => {
        console.error('saving profiles failed', error);
        notify.error(t('profiles.section.saveFailed'));
      });

  const save = async (draft: ProfileDraft) => {
    const name = draft.name.trim() || DEFAULT_PROFILE_NAME;
    const existing = editing?.profile;
    await run(async () => {
      if (existing) {
        await store.profiles.put({ ...existing, ...draft, name });
      } else {
        const id = `profile-${ids.randomId()}`;
        // The first profile is current at once; later ones wait until chosen.
        await store.profiles.put(parseUserProfile({ id, ...draft, name, isCurrent: !current }));
      }
      setEditing(null);
    }, t('profiles.section.saved'));
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-fg-muted">{t('profiles.section.intro')}</p>
      {profiles && profiles.length === 0 && !editing && (
        <p className="text-sm text-fg-subtle">{t('profiles.section.empty')}</p>
      )}
      <ul className="flex flex-col gap-2">
        {(profiles ?? []).map((profile) =>
          editing?.profile?.id === profile.id ? (
            <li key={profile.id}>
              <ProfileEditor
                title={t('profiles.editor.editTitle')}
                initial={profile}
                onSave={save}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li
              key={profile.id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-raised px-4 py-3"
            >
              <ProfileAvatar profile={profile} size={36} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{profile.name}</p>
                <p className="truncate text-[13px] text-fg-subtle">{profile.information}</p>
              </div>
              {profile.id === current?.id ? (
                <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent-soft-fg">
                  {t('profiles.section.current')}
                </span>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void run(() => makeProfileCurrent(store, profile.id))}
                >
                  {t('profiles.section.makeCurrent')}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setEditing({ profile })}>
                {t('profiles.section.edit')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-danger"
                onClick={() => void run(() => deleteProfile(store, profile), t('profiles.section.deleted'))}
              >
                {t('profiles.section.delete')}
              </Button>
            </li>
          ),
        )}
      </ul>
      {editing && editing.profile === null ? (
        <ProfileEditor
          title={t('profiles.editor.newTitle')}
          initial={{ name: '', picURL: '', information: '', customInstruction: '' }}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div>
          <Button
            variant="secondary"
            icon={<PlusIcon size={16} />}
            onClick={() => setEditing({ profile: null })}
          >
            {t('profiles.section.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
