import { agentInitials, avatarColor, safeAvatarURL } from '@parley/core/agents';
import { useState } from 'react';
import { cn } from '../../ui/cn';

/**
 * An agent's picture, or its initials on its colour (AG4, AG6). A picture that fails to load falls
 * back to the initials. Decorative: the agent's name is always written next to it.
 */
export function AgentAvatar({
  agent,
  size = 'md',
}: {
  agent: { id: string; title: string; avatarURL: string | null };
  size?: 'sm' | 'md' | 'lg';
}) {
  const url = safeAvatarURL(agent.avatarURL);
  const [failedURL, setFailedURL] = useState<string | null>(null);
  const classes = cn(
    'flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none',
    size === 'sm' && 'size-7 text-[11px]',
    size === 'md' && 'size-10 text-sm',
    size === 'lg' && 'size-14 text-lg',
  );
  if (url && failedURL !== url) {
    return (
      <img
        src={url}
        alt=""
        aria-hidden="true"
        referrerPolicy="no-referrer"
        onError={() => setFailedURL(url)}
        className={cn(classes, 'object-cover')}
      />
    );
  }
  return (
    <span aria-hidden="true" style={{ backgroundColor: avatarColor(agent.id) }} className={classes}>
      {agentInitials(agent.title)}
    </span>
  );
}
