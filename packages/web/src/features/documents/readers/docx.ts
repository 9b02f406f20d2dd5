import { ReadError } from '../reader-protocol';
import { textResult } from './text-result';

/** DOCX through mammoth (its raw text: paragraphs, tables as lines). A renamed zip fails as corrupt. */
export async function readDocx(file: Blob) {
  const { default: mammoth } = await import('mammoth');
  const arrayBuffer = await file.arrayBuffer();
  let value: string;
  try {
    ({ value } = await mammoth.extractRawText({ arrayBuffer }));
  } catch {
    throw new ReadError('corrupt');
  }
  return textResult(value);
}
