import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

export type PromptRowAction = { label: string; onClick: () => void; danger?: boolean };

/** One prompt in the library: its title, the start of its text and what can be done with it. */
export function PromptRow({
  title,
  content,
  actions,
}: {
  title: string;
  content: string;
  actions: readonly PromptRowAction[];
}) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-raised px-4 py-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <h4 className="truncate text-sm font-medium text-fg">{title}</h4>
        <p className="mt-0.5 line-clamp-2 text-[13px] text-fg-subtle">{content}</p>
      </div>
      <div
        className="flex shrink-0 flex-wrap gap-1.5"
        role="group"
        aria-label={t('prompts.library.actionsOf', { title })}
      >
        {actions.map((action) => (
          <Button
            key={action.label}
            size="sm"
            variant={action.danger ? 'ghost' : 'secondary'}
            className={action.danger ? 'text-danger' : undefined}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
      </div>
    </li>
  );
}
