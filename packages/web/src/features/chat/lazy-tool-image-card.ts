import { createElement } from 'react';
import { lazyPart } from '../../state';

/** The image card of a tool's picture, loaded with the first one shown (not with the first screen). */
export const LazyToolImageCard = lazyPart(() => import('./ToolImageCard'), {
  pick: (module) => module.ToolImageCard,
  strings: 'conversation',
  fallback: createElement('div', {
    'aria-hidden': true,
    className: 'aspect-square w-64 rounded-lg bg-sunken',
  }),
});
