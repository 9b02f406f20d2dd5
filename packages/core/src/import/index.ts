/**
 * Import from other chat apps and Parley's own export (SPEC.md IM rules): sniff, read, preview,
 * apply. Pure apart from `applyImport`, which writes through the storage port.
 */
export * from './types';
export { sniffJson, sniffZipNames, PARLEY_EXPORT_FORMAT, TYPINGMIND_DATA_FILE } from './sniff';
export { readImport } from './read-import';
export type { ImportFailure, ImportOutcome } from './read-import';
export { summarizeImport } from './summary';
export type { ImportSummary, PackedImport } from './summary';
export { PackedChats } from './packed-chats';
export { JsonArraySplitter, parseJsonArrayStream } from './json-array-splitter';
export { ArrayImportReader, readImportStream } from './read-import-stream';
export type { StreamOutcome, StreamReaderOptions } from './read-import-stream';
export { JsonPathSplitter } from './json-path-splitter';
export { ObjectImportReader } from './read-object-stream';
export type { KeyedFormat, ObjectReaderOptions, ObjectStreamOutcome } from './read-object-stream';
export { arrayFormats, isArrayFormat } from './array-formats';
export type { ArrayFormat } from './array-formats';
export { applyImport, ImportCancelledError, mergeImportedChat } from './apply';
export type { ApplyOptions, ApplyProgress, ApplyReport } from './apply';
export { importedChatId } from './build-chat';
export { exportCategories } from './parley';
export type { ExportCategory } from './parley';
export * from './export';
export * from './attachments';
