export { AppToaster } from './AppToaster';
export { notify } from './notify';
export { notifyUndoable } from './undo-toast';
