// Import and export: the Settings section (a lazy chunk), dropping a backup on the window to import
// it, and exporting chats; parsing and zipping run in a worker. See CONTEXT.md.
export { ImportExportSectionLoader } from './ImportExportSectionLoader';
export { ImportDropListener } from './ImportDropListener';
export { exportChats, type ChatExportFormat } from './export-chats';
