// pdf.js ships no types for its worker module; only its handler is read (see pdf.ts).
declare module 'pdfjs-dist/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
