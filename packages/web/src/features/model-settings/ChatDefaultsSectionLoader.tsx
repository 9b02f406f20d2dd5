import { retryingImport } from '../../lib/retrying-import';
import { lazy, Suspense } from 'react';

const ChatDefaultsSection = lazy(() =>
  retryingImport(() => import('./ChatDefaultsSection')).then((module) => ({
    default: module.ChatDefaultsSection,
  })),
);

/** Settings → Chat, fetched when first shown. */
export function ChatDefaultsSectionLoader() {
  return (
    <Suspense fallback={null}>
      <ChatDefaultsSection />
    </Suspense>
  );
}
