import { retryingImport, withStrings } from '../../state';
import { lazy, Suspense } from 'react';

const loadSection = () =>
  withStrings('modelSettings', () => retryingImport(() => import('./ChatDefaultsSection')));
const ChatDefaultsSection = lazy(() =>
  loadSection().then((module) => ({
    default: module.ChatDefaultsSection,
  })),
);

/** Settings → Chat, fetched when first shown (or when Settings prefetches its sections). */
export function ChatDefaultsSectionLoader() {
  return (
    <Suspense fallback={null}>
      <ChatDefaultsSection />
    </Suspense>
  );
}

ChatDefaultsSectionLoader.preload = loadSection;
