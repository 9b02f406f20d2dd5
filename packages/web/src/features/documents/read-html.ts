import { ReadError } from './reader-protocol';
import { textResult } from './readers/text-result';

/** HTML above this is refused: it is parsed on the page (decision 0045), which must stay responsive. */
export const MAX_HTML_BYTES = 2 * 1024 * 1024;

/**
 * HTML through the browser's parser. DOMParser is not available in workers, so this runs on the
 * page; a parsed document is inert (its scripts never run, nothing it links is loaded), and
 * scripts, styles and other non-text elements are removed before the text is taken.
 */
export async function readHtml(file: Blob) {
  if (file.size > MAX_HTML_BYTES) throw new ReadError('failed');
  const source = new TextDecoder('utf-8').decode(await file.arrayBuffer());
  const parsed = new DOMParser().parseFromString(source, 'text/html');
  for (const node of parsed.querySelectorAll('script, style, noscript, template, iframe, object, svg')) {
    node.remove();
  }
  const title = parsed.title.trim();
  const body = (parsed.body as HTMLElement | null)?.innerText ?? parsed.body?.textContent ?? '';
  return textResult(title && !body.startsWith(title) ? `${title}\n\n${body}` : body);
}
