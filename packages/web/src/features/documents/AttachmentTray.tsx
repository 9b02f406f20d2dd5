import { canSeeImages, cutToTokens, suggestVisionModel } from '@parley/core/documents';
import { tokenBudget } from '@parley/core/chat';
import { estimateTokens } from '@parley/core/models';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { useFormat } from '../../i18n';
import { cn } from '../../ui/cn';
import {
  AttachmentChip,
  chatCommands,
  setPendingAttachments,
  useChatRuntime,
  usePendingAttachments,
  type ComposerAddonProps,
  type PendingAttachment,
} from '../chat';
import { BlockedFeatureNotice, useFeatureAccess } from '../license';
import { dismissNotice, setBlocked, useDocumentsState, type FileNotice } from './documents-store';

const NO_NOTICES: FileNotice[] = [];
const NOT_READING: string[] = [];

/** Above the text of the message box: attached files, files being read, refusals and warnings. */
export function AttachmentTray({ draftKey, model }: ComposerAddonProps) {
  const { t } = useTranslation();
  const items = usePendingAttachments(draftKey);
  const reading = useDocumentsState((state) => state.reading[draftKey] ?? NOT_READING);
  const notices = useDocumentsState((state) => state.notices[draftKey] ?? NO_NOTICES);
  const blockedBy = useDocumentsState((state) => state.blocked[draftKey] ?? null);
  const documents = useFeatureAccess('uploadDocuments');
  const vision = useFeatureAccess('vision');
  const access = blockedBy === 'vision' ? vision : documents;
  const blocked = blockedBy !== null && !access.allowed;
  if (items.length === 0 && reading.length === 0 && notices.length === 0 && !blocked) {
    return null;
  }
  const remove = (key: string) =>
    setPendingAttachments(
      draftKey,
      items.filter((item) => item.key !== key),
    );
  return (
    <div className="mb-2 flex flex-col gap-2" aria-label={t('documents.tray.label')} role="group">
      {blocked && !access.allowed && access.reason !== 'disabled' && (
        <BlockedFeatureNotice
          result={access}
          message={blockedBy === 'vision' ? t('documents.needVision') : t('documents.needLicense')}
          planMessage={blockedBy === 'vision' ? t('documents.needVision') : undefined}
          onUpgrade={() => setBlocked(draftKey, null)}
        />
      )}
      {notices.map((notice) => (
        <p
          key={notice.id}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={cn(
            'flex items-start justify-between gap-2 rounded-lg px-3 py-2 text-[13px]',
            notice.tone === 'error' ? 'bg-danger-soft text-danger-soft-fg' : 'bg-sunken text-fg-muted',
          )}
        >
          <span>{t(`documents.${notice.key}` as 'documents.errors.failed', notice.values)}</span>
          <button
            type="button"
            className="shrink-0 underline underline-offset-2"
            onClick={() => dismissNotice(draftKey, notice.id)}
          >
            {t('documents.errors.dismiss')}
          </button>
        </p>
      ))}
      {(items.length > 0 || reading.length > 0) && (
        <div className="flex flex-wrap items-center gap-1.5">
          {items.map((item) => (
            <AttachmentChip
              key={item.key}
              part={item.part as Parameters<typeof AttachmentChip>[0]['part']}
              name={item.name}
              tokens={item.tokens}
              onRemove={() => remove(item.key)}
            />
          ))}
          {reading.map((name, index) => (
            <span key={`${name}-${index}`} role="status" className="text-[13px] text-fg-subtle">
              {t('documents.reading', { name })}
            </span>
          ))}
        </div>
      )}
      <FitWarning draftKey={draftKey} model={model} items={items} />
      <VisionWarning model={model} items={items} />
    </div>
  );
}

/** DO4: attached text that cannot fit the model: refused at send, or cut to fit here. */
function FitWarning({
  draftKey,
  model,
  items,
}: Pick<ComposerAddonProps, 'draftKey' | 'model'> & { items: PendingAttachment[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!model) return null;
  const budget = tokenBudget(model, undefined);
  const total = items.reduce((sum, item) => sum + item.tokens, 0);
  // Room kept for the question and the system message.
  const room = Math.max(0, budget - 1000);
  if (total <= room) return null;
  const cutToFit = () => {
    // Each document gets its share of the room, in proportion to its size.
    const next = items.map((item) => {
      if (item.part.type !== 'tm_text_file') return item;
      const share = Math.floor((room * item.tokens) / total);
      const text = cutToTokens(item.part.text, share);
      return { ...item, part: { ...item.part, text }, tokens: estimateTokens(text), cut: true };
    });
    setPendingAttachments(draftKey, next);
  };
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-lg bg-danger-soft text-danger-soft-fg px-3 py-2 text-[13px]"
    >
      <span className="min-w-0 flex-1">
        {t('documents.tooLarge.message', {
          tokens: format.tokens(total),
          budget: format.tokens(room),
          model: model.title,
        })}
      </span>
      <Button size="sm" variant="secondary" onClick={cutToFit}>
        {t('documents.tooLarge.cut')}
      </Button>
    </div>
  );
}

/** DO8: images for a model that cannot see them: said here, with a vision model to switch to. */
function VisionWarning({ model, items }: Pick<ComposerAddonProps, 'model'> & { items: PendingAttachment[] }) {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  if (!items.some((item) => item.part.type === 'image_url') || canSeeImages(model)) return null;
  const offer = suggestVisionModel(model);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-lg bg-sunken px-3 py-2 text-[13px]"
    >
      <span className="min-w-0 flex-1">{t('documents.vision.cannotSee', { model: model?.title ?? '' })}</span>
      {offer && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void chatCommands.setModel(runtime, offer.id, { ...offer })}
        >
          {t('documents.vision.use', { model: offer.title })}
        </Button>
      )}
    </div>
  );
}
