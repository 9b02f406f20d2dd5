import { lazyPart } from '../../state';

/** Settings → Admin: the organisation's admin panel, its code and strings fetched when first opened. */
export const AdminSection = lazyPart(() => import('./AdminPanel'), {
  strings: 'admin',
  loadingText: 'settings.loading',
});
