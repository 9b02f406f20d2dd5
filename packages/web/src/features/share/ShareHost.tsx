import { lazy, Suspense } from 'react';
import { retryingImport, withStrings } from '../../state';
import { closeShare, useShareRequest } from './share-request';

const ShareDialog = lazy(() => withStrings('share', () => retryingImport(() => import('./ShareDialog'))));

/** Mounted once in the app, inside cloud sync's provider: the Share dialog when asked for. */
export function ShareHost() {
  const chatId = useShareRequest((state) => state.chatId);
  if (!chatId) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog chatId={chatId} onClose={closeShare} />
    </Suspense>
  );
}
