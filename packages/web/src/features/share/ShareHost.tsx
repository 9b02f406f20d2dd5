import { useEffect } from 'react';
import { lazyPart, prefetchAfterFirstScreen } from '../../state';
import { closeShare, useShareRequest } from './share-request';

// Fetched once the first screen has painted, as the other screens are: Share then opens at once,
// and offline it opens to say why it cannot upload instead of not opening at all.
const ShareDialog = lazyPart(() => import('./ShareDialog'), { strings: 'share' });

/** Mounted once in the app, inside cloud sync's provider: the Share dialog when asked for. */
export function ShareHost() {
  const chatId = useShareRequest((state) => state.chatId);
  useEffect(() => prefetchAfterFirstScreen(ShareDialog.preload), []);
  if (!chatId) return null;
  return <ShareDialog chatId={chatId} onClose={closeShare} />;
}
