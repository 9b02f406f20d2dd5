import { lazyPart } from '../../state';

/** Settings → Chat, fetched when first shown (or when Settings prefetches its sections). */
export const ChatDefaultsSectionLoader = lazyPart(() => import('./ChatDefaultsSection'), {
  strings: 'modelSettings',
  pick: (module) => module.ChatDefaultsSection,
});
