import { lazyPart } from '../state';

/**
 * The canvas's host (its open state, the panel's loader), a chunk of its own mounted once the first
 * screen is up (decision 0093): nothing of it is in the first load.
 */
export const CanvasSlotLoader = lazyPart(() => import('./CanvasSlot'), { background: true });
