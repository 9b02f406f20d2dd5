import { lazyPart } from '../../state';

/** The self-hosted server's purchase page (`/buy`): its own chunk, fetched only on that path (decision 0141). */
export const BuyPage = lazyPart(() => import('./BuyPage'), {
  pick: (module) => module.BuyPage,
  strings: 'hosting',
});
