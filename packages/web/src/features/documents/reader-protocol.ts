import type { DocumentKind, ImageLimits } from '@parley/core/documents';

/** Messages between the page and the document reader worker. */

export type ReadRequest = {
  id: number;
  kind: Exclude<DocumentKind, 'html'>;
  name: string;
  file: Blob;
  /** For images: the provider's size limits (DO5). */
  imageLimits?: ImageLimits | undefined;
};

/** Why a file could not be read; each has its own message (documents.errors.*). */
export type ReadFailure = 'encrypted' | 'corrupt' | 'noText' | 'notImage' | 'failed';

/** A reading limit cut the text: the first rows of a table, or the first characters. */
export type ReadNote = { kind: 'rows'; rows: number } | { kind: 'chars'; chars: number };

export type TextResult = {
  ok: true;
  kind: 'text';
  text: string;
  tokens: number;
  note?: ReadNote | undefined;
};
export type ImageResult = {
  ok: true;
  kind: 'image';
  bytes: ArrayBuffer;
  mimeType: string;
  width: number;
  height: number;
};
export type ReadResult = TextResult | ImageResult | { ok: false; code: ReadFailure };

export type ReadResponse = { id: number; result: ReadResult };

/** A reader's failure that has its own message. */
export class ReadError extends Error {
  constructor(readonly code: ReadFailure) {
    super(code);
  }
}
