import { useTranslation } from 'react-i18next';
import { KnowledgePanel } from './KnowledgePanel';

/** Settings, Knowledge: the global knowledge base, which chats outside projects may use. */
export default function KnowledgeSection() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-fg-muted">{t('knowledge.globalIntro')}</p>
      <KnowledgePanel projectId={null} />
    </div>
  );
}
