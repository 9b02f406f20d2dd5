import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { VersionNextIcon, VersionPreviousIcon } from '../../ui/icons/message';

/** Where a message stands among its versions (BR8): absent when it has none. Plain values, for memo. */
export type MessageVersions = {
  versionIndex?: number | undefined;
  versionCount?: number | undefined;
  previousVersionId?: string | undefined;
  nextVersionId?: string | undefined;
};

/**
 * `‹ 2 / 3 ›` under a message with other versions (edits of a question, regenerated answers).
 * Two real buttons, so Tab and Enter/Space reach them; the count is read with the group's name.
 */
export function VersionSwitcher({
  versions,
  onSwitch,
  disabled,
}: {
  versions: MessageVersions;
  onSwitch: (messageId: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { versionIndex, versionCount, previousVersionId, nextVersionId } = versions;
  if (versionIndex === undefined || versionCount === undefined) return null;
  const position = t('chat.versions.position', { index: versionIndex + 1, count: versionCount });
  return (
    <div
      role="group"
      aria-label={t('chat.versions.label', { index: versionIndex + 1, count: versionCount })}
      className="inline-flex items-center text-xs text-fg-subtle tabular-nums"
    >
      <IconButton
        label={t('chat.versions.previous')}
        icon={<VersionPreviousIcon size={14} />}
        className="size-7 rounded-md"
        disabled={disabled || previousVersionId === undefined}
        onClick={() => previousVersionId && onSwitch(previousVersionId)}
      />
      <span aria-hidden="true" className="min-w-9 text-center">
        {position}
      </span>
      <IconButton
        label={t('chat.versions.next')}
        icon={<VersionNextIcon size={14} />}
        className="size-7 rounded-md"
        disabled={disabled || nextVersionId === undefined}
        onClick={() => nextVersionId && onSwitch(nextVersionId)}
      />
    </div>
  );
}
