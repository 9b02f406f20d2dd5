import { lazyPart } from '../../state';

/** Shown only to a browser that lacks what Parley needs: fetched then, not with every first screen (decision 0141). */
export const UnsupportedBrowserScreen = lazyPart(() => import('./UnsupportedBrowserScreen'), {
  pick: (module) => module.UnsupportedBrowserScreen,
  strings: 'hosting',
});
