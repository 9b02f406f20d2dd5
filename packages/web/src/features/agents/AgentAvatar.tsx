import { agentInitials, avatarColor, safeAvatarURL } from '@parley/core/agents';
import { Avatar } from '../../ui/Avatar';
import { cn } from '../../ui/cn';

/** An agent's picture, or its initials in white on its colour (AG4, AG6). */
export function AgentAvatar({
  agent,
  size = 'md',
}: {
  agent: { id: string; title: string; avatarURL: string | null };
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Avatar
      pictureURL={safeAvatarURL(agent.avatarURL)}
      initials={agentInitials(agent.title)}
      style={{ backgroundColor: avatarColor(agent.id) }}
      initialsClassName="text-white"
      className={cn(
        size === 'sm' && 'size-7 text-[11px]',
        size === 'md' && 'size-10 text-sm',
        size === 'lg' && 'size-14 text-lg',
      )}
    />
  );
}
