import { MAX_COMPARED_MODELS } from '@parley/core/chat';
import type { ModelDescriptor } from '@parley/core/models';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { CompareIcon } from '../../ui/icons/shell';
import { addComparedModel, useActiveChat, useComparedWith } from '../chat';
import { useSyncedSettings } from '../../state';
import { ModelPickerPanel } from './picker-panel-part';
import { notify } from '../toasts';

/**
 * "Compare models" beside the model picker (MC1, decision 0055): opens the same list, and the model
 * chosen there also answers the next questions, side by side with the chat's own, up to four in
 * all. The chosen ones show above the message box, where they are removed.
 */
export function CompareButton() {
  const { t } = useTranslation();
  const chatId = useActiveChat((state) => state.activeChatId);
  const chatModel = useActiveChat((state) => state.chat?.model);
  const defaultModel = useSyncedSettings((state) => state.values.defaultModel);
  const currentId = (chatId ? chatModel : undefined) ?? defaultModel;
  const chatKey = chatId ?? '';
  const compared = useComparedWith(chatKey);
  const full = compared.length >= MAX_COMPARED_MODELS - 1;
  const [open, setOpen] = useState(false);
  const listId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  const choose = (model: ModelDescriptor | undefined) => {
    close();
    if (model && !addComparedModel(chatKey, model, currentId)) {
      notify.blank(t('compare.full', { count: MAX_COMPARED_MODELS }));
    }
  };
  return (
    <div
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <IconButton
        ref={triggerRef}
        label={full ? t('compare.full', { count: MAX_COMPARED_MODELS }) : t('compare.add')}
        icon={<CompareIcon />}
        aria-haspopup="listbox"
        aria-expanded={open}
        disabled={full}
        onClick={() => setOpen((value) => !value)}
      />
      {open && (
        <ModelPickerPanel
          listId={listId}
          currentId={currentId}
          anchorRef={triggerRef}
          onChoose={choose}
          onClose={close}
          onLoadFailed={() => {
            notify.error(t('errors.partFailed'));
            close();
          }}
        />
      )}
    </div>
  );
}
