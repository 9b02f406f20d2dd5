import { ReadError } from '../reader-protocol';
import { textResult } from './text-result';

type PdfWorkerModule = { WorkerMessageHandler: unknown };
declare global {
  // pdf.js runs its parser in this thread when this is set ("fake worker"): no nested worker, no CDN.
  var pdfjsWorker: PdfWorkerModule | undefined;
}

/**
 * PDF through pdf.js, page by page. Already in a worker, so pdf.js's own worker code is imported
 * here rather than started as a second worker (decision 0045). A password-protected file and a
 * damaged one are told apart; a file with pages but no text is a scan (DO3).
 */
export async function readPdf(file: Blob) {
  const pdfjs = await import('pdfjs-dist');
  globalThis.pdfjsWorker ??= (await import('pdfjs-dist/build/pdf.worker.mjs')) as PdfWorkerModule;
  const data = new Uint8Array(await file.arrayBuffer());
  let document: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    document = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true }).promise;
  } catch (error) {
    throw new ReadError(
      error instanceof Error && error.name === 'PasswordException' ? 'encrypted' : 'corrupt',
    );
  }
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      }
      page.cleanup();
      if (text.trim() !== '') pages.push(`[Page ${number}]\n${text.trim()}`);
    }
    return textResult(pages.join('\n\n'));
  } finally {
    void document.destroy();
  }
}
