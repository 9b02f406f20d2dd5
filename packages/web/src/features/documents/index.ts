// Documents and images in a message (DO*): the attach button and tray of the message box. The
// reader worker and its libraries load only when a file is added.
export { DocumentsAddon } from './DocumentsAddon';
