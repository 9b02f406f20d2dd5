import { lazy, Suspense, useEffect } from 'react';
import { prefetchAfterFirstScreen, retryingImport, withStrings } from '../../state';
import { closeShare, useShareRequest } from './share-request';

// Fetched once the first screen has painted, as the other screens are: Share then opens at once,
// and offline it opens to say why it cannot upload instead of not opening at all.
const loadDialog = () => withStrings('share', () => retryingImport(() => import('./ShareDialog')));
const ShareDialog = lazy(loadDialog);

/** Mounted once in the app, inside cloud sync's provider: the Share dialog when asked for. */
export function ShareHost() {
  const chatId = useShareRequest((state) => state.chatId);
  useEffect(() => prefetchAfterFirstScreen(loadDialog), []);
  if (!chatId) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog chatId={chatId} onClose={closeShare} />
    </Suspense>
  );
}
