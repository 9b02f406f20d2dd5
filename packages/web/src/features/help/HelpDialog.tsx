import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { useHelpDialog } from './help-dialog-store';
import { HelpScreen } from './HelpScreen';

/** The Help screen (spec "Updates, Changelog, User Guide, FAQ"), a large dialog; its own chunk. */
export default function HelpDialog() {
  const { t } = useTranslation();
  const closeDialog = useHelpDialog((state) => state.close);
  const close = () => {
    // The address named a section while Help was open; closed, a reload opens the chat again.
    if (window.location.hash.startsWith('#help-'))
      history.replaceState(history.state, '', window.location.pathname + window.location.search);
    closeDialog();
  };
  return (
    <Dialog open onClose={close} title={t('help.title')} closeLabel={t('common.close')} size="lg">
      <HelpScreen />
    </Dialog>
  );
}
