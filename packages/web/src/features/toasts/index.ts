// Toasts: notify() and undoable toasts for every feature, and the toaster host, which loads the
// toast library after the first screen or at the first toast (decision 0079).
export { AppToasterHost } from './AppToasterHost';
export { notify } from './notify';
export { notifyUndoable } from './undo-toast';
