import { lazyPart } from '../../state';

/**
 * The pinned agents on the empty chat, loaded once the first screen is up (decision 0013): they
 * come a moment after the empty chat and are not worth first-load bytes.
 */
export const PinnedAgentsLoader = lazyPart(() => import('./PinnedAgents'), { background: true });
