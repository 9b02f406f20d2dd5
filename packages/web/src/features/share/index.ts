// Share links: the Share dialog's host and request, and the public page of a link (`/s/<id>`), a
// chunk of its own (decision 0052).
import { SHARE_PAGE_PREFIX, isShareId } from '@parley/core/sync-client';
import { lazyPart } from '../../state';

export { requestShare } from './share-request';
export { ShareHost } from './ShareHost';

/** The public page of a share link, a chunk of its own. */
export const SharedChatPage = lazyPart(() => import('./SharedChatPage'), { strings: 'share' });

/** The share id when `pathname` is a share page (`/s/<id>`), else null. */
export function sharePageId(pathname: string): string | null {
  if (!pathname.startsWith(SHARE_PAGE_PREFIX)) return null;
  const id = pathname.slice(SHARE_PAGE_PREFIX.length).replace(/\/$/, '');
  return isShareId(id) ? id : null;
}
