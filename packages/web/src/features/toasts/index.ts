export { AppToaster } from './AppToaster';
export { notify } from './notify';
