import { imageLimitsFor } from '@parley/core/documents';
import { ReadError, type ReadRequest, type ReadResponse, type ReadResult } from './reader-protocol';

/**
 * The document reader (DO*): every file is read here, off the page, and each library is loaded the
 * first time its type is read. Nothing read here runs: text is extracted, images are decoded.
 */

async function read(request: ReadRequest): Promise<ReadResult> {
  switch (request.kind) {
    case 'text':
      return (await import('./readers/plain-text')).readPlainText(request.file);
    case 'csv':
      return (await import('./readers/csv')).readCsv(request.file);
    case 'pdf':
      return (await import('./readers/pdf')).readPdf(request.file);
    case 'docx':
      return (await import('./readers/docx')).readDocx(request.file);
    case 'xlsx':
      return (await import('./readers/xlsx')).readXlsx(request.file);
    case 'image':
      return (await import('./readers/image')).readImage(
        request.file,
        request.imageLimits ?? imageLimitsFor('openai'),
      );
  }
}

addEventListener('message', (event: MessageEvent<ReadRequest>) => {
  const request = event.data;
  read(request)
    .catch((error: unknown): ReadResult => {
      if (error instanceof ReadError) return { ok: false, code: error.code };
      console.warn('reading a document failed', error);
      return { ok: false, code: 'failed' };
    })
    .then((result) => {
      const response: ReadResponse = { id: request.id, result };
      const transfer = result.ok && result.kind === 'image' ? [result.bytes] : [];
      postMessage(response, { transfer });
    });
});
