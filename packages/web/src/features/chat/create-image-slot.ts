import { lazyPart } from '../../state';

/** The composer's "Create image" (decision 0136), loaded after the first screen with its strings. */
export const CreateImageSlot = lazyPart(() => import('./CreateImageButton'), {
  strings: 'conversation',
  pick: (module) => module.CreateImageButton,
  background: true,
});
