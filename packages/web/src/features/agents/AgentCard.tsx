import { cheapestPlanWith } from '@parley/core/license';
import type { Character } from '@parley/core/entities';
import { findModel } from '@parley/core/models';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { IconButton } from '../../ui/IconButton';
import { CopyIcon, PinIcon } from '../../ui/icons/message';
import { LockIcon, PencilIcon, TrashIcon } from '../../ui/icons/settings';
import { AgentAvatar } from './AgentAvatar';

type AgentCardProps = {
  agent: Character;
  pinned: boolean;
  /** The user's own agent: edit, duplicate and delete (bundled ones only start and pin: AG5). */
  editable: boolean;
  /** The organisation's agent (AD10): marked as such; start, pin and duplicate, never edit or delete. */
  organisation?: boolean;
  premium: boolean;
  onStart: () => void;
  onTogglePin: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
};

/** One agent in the list: who it is, Start chat, and what the user may do with it. */
export function AgentCard(props: AgentCardProps) {
  const { t } = useTranslation();
  const { agent, pinned, editable, premium } = props;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-3 shadow-xs">
      <div className="flex items-start gap-3">
        <AgentAvatar agent={agent} />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-fg">
            <span className="truncate">{agent.title}</span>
            {props.organisation && (
              <span className="inline-flex shrink-0 items-center rounded-md bg-accent-soft px-1.5 py-0.5 text-[11px] font-medium text-accent-soft-fg">
                {t('agents.organisation.badge')}
              </span>
            )}
            {premium && (
              <span className="inline-flex shrink-0 items-center gap-1 rounded-md bg-accent-soft px-1.5 py-0.5 text-[11px] font-medium text-accent-soft-fg">
                <LockIcon size={11} />
                {t('agents.premium', { plan: t(`license.plans.${cheapestPlanWith('premiumCharacters')}`) })}
              </span>
            )}
          </p>
          <p className="line-clamp-2 text-[13px] text-fg-subtle">
            {agent.description || t('agents.noDescription')}
          </p>
          {agent.modelLocked && agent.model && (
            <p className="mt-1 text-[12px] text-fg-muted">
              {t('agents.lockedTo', { model: findModel(agent.model)?.title ?? agent.model })}
            </p>
          )}
        </div>
      </div>
      <div className="flex items-center gap-1">
        <Button
          size="sm"
          variant="primary"
          onClick={props.onStart}
          aria-label={t('agents.startWith', { title: agent.title })}
        >
          {t('agents.start')}
        </Button>
        <span className="ml-auto" />
        <IconButton
          label={pinned ? t('agents.unpin', { title: agent.title }) : t('agents.pin', { title: agent.title })}
          aria-pressed={pinned}
          onClick={props.onTogglePin}
          className={pinned ? 'text-accent' : undefined}
          icon={<PinIcon size={16} />}
        />
        {props.organisation && (
          <IconButton
            label={t('agents.duplicate', { title: agent.title })}
            onClick={props.onDuplicate}
            icon={<CopyIcon size={16} />}
          />
        )}
        {editable && (
          <>
            <IconButton
              label={t('agents.edit', { title: agent.title })}
              onClick={props.onEdit}
              icon={<PencilIcon size={16} />}
            />
            <IconButton
              label={t('agents.duplicate', { title: agent.title })}
              onClick={props.onDuplicate}
              icon={<CopyIcon size={16} />}
            />
            <IconButton
              label={t('agents.delete', { title: agent.title })}
              onClick={props.onDelete}
              icon={<TrashIcon size={16} />}
            />
          </>
        )}
      </div>
    </li>
  );
}
