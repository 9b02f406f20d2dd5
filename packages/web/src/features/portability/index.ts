export { ImportExportSectionLoader } from './ImportExportSectionLoader';
export { ImportDropListener } from './ImportDropListener';
export { exportChats, type ChatExportFormat } from './export-chats';
