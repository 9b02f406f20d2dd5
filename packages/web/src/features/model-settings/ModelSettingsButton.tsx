import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { IconButton } from '../../ui/IconButton';
import { SlidersIcon } from '../../ui/icons/shell';
import { useActiveChat } from '../chat';
import { lazyPart, prefetchAfterFirstScreen } from '../../state';

// The form and its strings are a chunk of their own, fetched once the first screen has painted.
const ModelSettingsForm = lazyPart(() => import('./ModelSettingsForm'), {
  strings: 'modelSettings',
  pick: (module) => module.ModelSettingsForm,
});

/** Next to the model picker: opens the open chat's model settings (or the defaults for a new chat). */
export function ModelSettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => prefetchAfterFirstScreen(ModelSettingsForm.preload), []);
  const chat = useActiveChat((state) => state.chat);
  return (
    <>
      <IconButton label={t('modelSettings.open')} icon={<SlidersIcon />} onClick={() => setOpen(true)} />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('modelSettings.title')}
        closeLabel={t('common.close')}
        size="lg"
      >
        <div className="min-h-0 overflow-y-auto px-5 pt-3 pb-5">
          <ModelSettingsForm chat={chat} />
        </div>
      </Dialog>
    </>
  );
}
