export { ImportExportSectionLoader } from './ImportExportSectionLoader';
export { ImportDropListener } from './ImportDropListener';
