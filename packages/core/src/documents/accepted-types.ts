/** What the composer accepts as an attachment (spec section 5) and how each kind is read. */

export const ACCEPTED_EXTENSIONS = [
  'pdf',
  'docx',
  'csv',
  'md',
  'txt',
  'json',
  'html',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'xlsx',
] as const;
export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

/** How a file is turned into message parts: which reader runs (images become image parts). */
export type DocumentKind = 'pdf' | 'docx' | 'csv' | 'text' | 'html' | 'xlsx' | 'image';

const kindByExtension: Record<AcceptedExtension, DocumentKind> = {
  pdf: 'pdf',
  docx: 'docx',
  csv: 'csv',
  md: 'text',
  txt: 'text',
  json: 'text',
  html: 'html',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  xlsx: 'xlsx',
};

/** DO1: the file's kind by its extension, or undefined when it is not an accepted type. */
export function documentKindOf(fileName: string): DocumentKind | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return (kindByExtension as Record<string, DocumentKind | undefined>)[extension];
}

/** The `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * DO2: limits on what is read (decision 0045). A file above MAX_FILE_BYTES is refused before it is
 * read; text longer than MAX_TEXT_CHARS and tables longer than MAX_TABLE_ROWS are cut with a marker.
 */
export const DOCUMENT_LIMITS = {
  maxFileBytes: 32 * 1024 * 1024,
  maxTextChars: 2_000_000,
  maxTableRows: 100_000,
  /** Pasted images without a name are called this (with their extension). */
  pastedImageName: 'pasted-image',
} as const;
