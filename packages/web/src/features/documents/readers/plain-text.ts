import { textResult } from './text-result';

/** txt, md and json: UTF-8 text (a byte-order mark is dropped). */
export async function readPlainText(file: Blob) {
  const text = new TextDecoder('utf-8').decode(await file.arrayBuffer());
  return textResult(text);
}
