export { AppToasterHost } from './AppToasterHost';
export { notify } from './notify';
export { notifyUndoable } from './undo-toast';
