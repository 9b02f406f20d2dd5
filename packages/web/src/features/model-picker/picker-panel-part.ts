import { lazyPart } from '../../state';

/**
 * The picker's popup (search, virtual list, live model lists) and its strings: a chunk of its own,
 * the first screen shows only the buttons. Fetched once that has painted, so it opens offline too.
 */
export const ModelPickerPanel = lazyPart(() => import('./ModelPickerPanel'), { strings: 'modelPicker' });
