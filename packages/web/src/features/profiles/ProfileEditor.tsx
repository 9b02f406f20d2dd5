import { validateProfile } from '@parley/core/persona';
import type { UserProfile } from '@parley/core/entities';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/TextAreaField';
import { TextField } from '../../ui/TextField';
import { ProfileAvatar } from './ProfileAvatar';

export type ProfileDraft = Pick<UserProfile, 'name' | 'picURL' | 'information' | 'customInstruction'>;

/** Create or edit a profile; UP1 refuses a picture URL that is not http(s) with the spec's message. */
export function ProfileEditor({
  initial,
  title,
  onSave,
  onCancel,
}: {
  initial: ProfileDraft;
  title: string;
  onSave: (draft: ProfileDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [pictureError, setPictureError] = useState(false);
  const set = (patch: Partial<ProfileDraft>) => setDraft((current) => ({ ...current, ...patch }));
  return (
    <form
      aria-label={title}
      className="flex flex-col gap-4 rounded-xl border border-line bg-raised p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (validateProfile(draft)) {
          setPictureError(true);
          return;
        }
        void onSave({ ...draft, picURL: draft.picURL.trim() });
      }}
    >
      <div className="flex items-center gap-3">
        {/* Only a URL that passes UP1 is ever given to an image. */}
        <ProfileAvatar profile={validateProfile(draft) ? { ...draft, picURL: '' } : draft} size={40} />
        <h4 className="text-sm font-semibold text-fg">{title}</h4>
      </div>
      <TextField
        label={t('profiles.editor.name')}
        hint={t('profiles.editor.nameHint')}
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <TextField
        label={t('profiles.editor.picURL')}
        type="url"
        inputMode="url"
        value={draft.picURL}
        hint={t('profiles.editor.picURLHint')}
        error={pictureError ? t('profiles.editor.badPicture') : undefined}
        onChange={(e) => {
          setPictureError(false);
          set({ picURL: e.target.value });
        }}
      />
      <TextAreaField
        label={t('profiles.editor.information')}
        hint={t('profiles.editor.informationHint')}
        value={draft.information}
        onChange={(e) => set({ information: e.target.value })}
      />
      <TextAreaField
        label={t('profiles.editor.customInstruction')}
        hint={t('profiles.editor.customInstructionHint')}
        value={draft.customInstruction}
        onChange={(e) => set({ customInstruction: e.target.value })}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('profiles.editor.cancel')}
        </Button>
        <Button type="submit" variant="primary">
          {t('profiles.editor.save')}
        </Button>
      </div>
    </form>
  );
}
