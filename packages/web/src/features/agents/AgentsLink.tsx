import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AgentsIcon } from '../../ui/icons/shell';
import { useAgentsDialog } from './agents-dialog-store';

/** The sidebar's way to the AI agents screen. */
export function AgentsLink() {
  const { t } = useTranslation();
  const open = useAgentsDialog((state) => state.open);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="w-full justify-start"
      icon={<AgentsIcon size={16} />}
      onClick={() => open()}
    >
      {t('agents.sidebarLink')}
    </Button>
  );
}
