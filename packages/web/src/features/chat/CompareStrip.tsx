import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../ui/icons/shell';
import { useActiveChat } from './chat-runtime';
import { comparedWith, setComparedModels, useComparedWith } from './compare-models-store';

// A chunk of its own (ChatView loads it once models are chosen): the first screen never shows it.

/**
 * The models the next question also goes to (MC1), above the message box: each can be removed, or
 * all at once. Shown only while some are chosen ("Compare models" beside the model picker).
 */
export default function CompareStrip() {
  const { t } = useTranslation();
  const chatKey = useActiveChat((state) => state.activeChatId) ?? '';
  const models = useComparedWith(chatKey);
  if (models.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={t('compare.strip')}
      className="mb-2 flex flex-wrap items-center gap-1.5 text-[13px]"
    >
      <span className="mr-0.5 text-fg-subtle">{t('compare.strip')}</span>
      {models.map((model) => (
        <span
          key={model.id}
          className="inline-flex h-7 items-center gap-1 rounded-full border border-line-strong bg-raised pr-1 pl-2.5 text-fg"
        >
          {model.title}
          <button
            type="button"
            aria-label={t('compare.remove', { model: model.title })}
            onClick={() => removeComparedModel(chatKey, model.id)}
            className="inline-flex size-5 items-center justify-center rounded-full text-fg-subtle hover:bg-hover hover:text-fg"
          >
            <CloseIcon size={12} />
          </button>
        </span>
      ))}
      <button
        type="button"
        onClick={() => clearComparedModels(chatKey)}
        className="ml-1 rounded-md px-1.5 py-0.5 text-fg-muted underline-offset-2 hover:text-fg hover:underline"
      >
        {t('compare.clear')}
      </button>
    </div>
  );
}

function removeComparedModel(chatKey: string, modelId: string): void {
  setComparedModels(
    chatKey,
    comparedWith(chatKey).filter((model) => model.id !== modelId),
  );
}

function clearComparedModels(chatKey: string): void {
  setComparedModels(chatKey, []);
}
