import type { ModelListEntry } from './model-list-entry';
import { errorForStatus, modelListError, type ModelListError } from './model-list-error';
import { pageParserFor } from './model-list-parsers';
import { modelListRequest, type ModelListSource } from './model-list-request';

export type ModelListResult =
  | {
      readonly ok: true;
      readonly entries: ModelListEntry[];
      /** ML5: the list was longer than the app keeps (or had more pages than it reads). */
      readonly truncated: boolean;
      /** Entries that did not parse and were left out. */
      readonly skipped: number;
    }
  | { readonly ok: false; readonly error: ModelListError };

export interface FetchModelListOptions {
  /** ML5: entries kept; OpenRouter lists several hundred, so this leaves room without trusting a server. */
  readonly maxEntries?: number;
  readonly maxPages?: number;
  /** Bytes read from one page's body before giving up. */
  readonly maxBodyBytes?: number;
  /** Whole call, every page and body included. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal | undefined;
}

export const MAX_LIST_ENTRIES = 5000;
const MAX_PAGES = 20;
export const MAX_BODY_BYTES = 24 * 1024 * 1024;
export const MODEL_LIST_TIMEOUT_MS = 20_000;

class ListFailure extends Error {
  constructor(readonly error: ModelListError) {
    super(error.code);
  }
}

/** Reads at most `max` bytes of the body; a longer body is `too_large` (it could not be parsed anyway). */
async function readBounded(response: Response, max: number, signal: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw new ListFailure(modelListError('too_large'));
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  // A body that stops half-way must still end at the time-out, whatever fetch does with the signal.
  const stop = () => void reader.cancel(signal.reason).catch(() => undefined);
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await readAll(reader, max, signal);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

async function readAll(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  max: number,
  signal: AbortSignal,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (signal.aborted) throw new Error('aborted');
    if (done) break;
    bytes += value.byteLength;
    if (bytes > max) {
      await reader.cancel().catch(() => undefined);
      throw new ListFailure(modelListError('too_large'));
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function looksLikeHtml(text: string, contentType: string | null): boolean {
  return /text\/html/i.test(contentType ?? '') || /^\s*<(!doctype|html|head|body|\?xml)/i.test(text);
}

/** The provider's own error message, if the error body has the usual shape. */
function errorDetail(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

async function fetchPage(
  fetchFn: typeof fetch,
  source: ModelListSource,
  cursor: string | undefined,
  signal: AbortSignal,
  maxBodyBytes: number,
): Promise<unknown> {
  const request = modelListRequest(source, cursor);
  const response = await fetchFn(request.url, { method: 'GET', headers: request.headers, signal });
  const text = await readBounded(response, maxBodyBytes, signal);
  const html = looksLikeHtml(text, response.headers.get('content-type'));
  if (!response.ok) {
    const detail = html ? undefined : errorDetail(text);
    // ML6: Gemini answers a wrong key with 400 and reason API_KEY_INVALID, not 401.
    if (response.status === 400 && /API_KEY_INVALID/.test(text)) {
      throw new ListFailure(modelListError('unauthorized', 400, detail));
    }
    throw new ListFailure(errorForStatus(response.status, detail));
  }
  if (html) throw new ListFailure(modelListError('html', response.status));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ListFailure(modelListError('not_json', response.status, text.slice(0, 80)));
  }
}

/**
 * ML1–ML7: fetches a provider's whole model list (following its pages), validates every body and
 * never throws: a failure is a typed ModelListError. The caller keeps its cached list on failure.
 */
export async function fetchModelList(
  fetchFn: typeof fetch,
  source: ModelListSource,
  options: FetchModelListOptions = {},
): Promise<ModelListResult> {
  const maxEntries = options.maxEntries ?? MAX_LIST_ENTRIES;
  const maxPages = options.maxPages ?? MAX_PAGES;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? MODEL_LIST_TIMEOUT_MS);
  const outer = options.signal;
  const forward = () => controller.abort();
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });

  const parse = pageParserFor(source.provider);
  const entries: ModelListEntry[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  let truncated = false;
  let cursor: string | undefined;
  try {
    for (let page = 0; ; page += 1) {
      if (page >= maxPages) {
        truncated = true;
        break;
      }
      const body = await fetchPage(
        fetchFn,
        source,
        cursor,
        controller.signal,
        options.maxBodyBytes ?? MAX_BODY_BYTES,
      );
      const parsed = parse(body);
      if ('issue' in parsed) throw new ListFailure(modelListError('bad_shape', 200, parsed.issue));
      skipped += parsed.skipped;
      for (const entry of parsed.entries) {
        if (seen.has(entry.id)) continue;
        if (entries.length >= maxEntries) {
          truncated = true;
          break;
        }
        seen.add(entry.id);
        entries.push(entry);
      }
      // A cursor that does not move would loop for ever; a full list needs no more pages.
      if (!parsed.next || parsed.next === cursor || truncated) break;
      cursor = parsed.next;
    }
    // Every entry broken: this is not the list we asked for.
    if (entries.length === 0 && skipped > 0) {
      return {
        ok: false,
        error: modelListError('bad_shape', 200, `${skipped} entries without the expected fields`),
      };
    }
    return { ok: true, entries, truncated, skipped };
  } catch (error) {
    if (error instanceof ListFailure) return { ok: false, error: error.error };
    if (timedOut) return { ok: false, error: modelListError('timeout') };
    return {
      ok: false,
      error: modelListError('network', undefined, error instanceof Error ? error.message : String(error)),
    };
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}
