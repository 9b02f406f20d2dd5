// Documents and images in a message (DO*): the attach button and tray of the message box. The
// reader worker and its libraries load only when a file is added.
export { DocumentsAddon } from './DocumentsAddon';
// Reading a file to text in the reader worker (the knowledge base reads its documents with it).
export { readDocument } from './reader-client';
export type { ReadFailure, ReadResult } from './reader-protocol';
