/**
 * Route options for model lists, carried in a path prefix so an app (which sends no directive in a
 * GET) can be pointed at a misbehaving server by its endpoint setting alone:
 *
 *   /__models/<option>[,<option>...]/v1/models      e.g. /__models/html/v1/models
 *   /compat/<ollama|vllm|llamacpp|lmstudio>/v1/models   a local server's own list shape, no key
 *
 * Options: html, not-json, 401, huge (100,000 entries), slow (answers after 1.5 s), hang (never
 * answers), count=N (N generated entries), page=N (page size for the paginated lists).
 */
export interface ModelListOptions {
  html?: boolean;
  notJson?: boolean;
  unauthorized?: boolean;
  count?: number;
  slowMs?: number;
  hang?: boolean;
  pageSize?: number;
  /** A local server's flavour (compat prefix). */
  flavour?: CompatFlavour;
}

export const compatFlavours = ['ollama', 'vllm', 'llamacpp', 'lmstudio'] as const;
export type CompatFlavour = (typeof compatFlavours)[number];

const HUGE = 100_000;
const SLOW_MS = 1_500;

/** Strips a /__models/... or /compat/... prefix from the path and says what it asked for. */
export function takeModelListOptions(pathname: string): { pathname: string; options: ModelListOptions } {
  const options: ModelListOptions = {};
  const compat = /^\/compat\/([a-z]+)(\/.*)$/.exec(pathname);
  if (compat && (compatFlavours as readonly string[]).includes(compat[1]!)) {
    options.flavour = compat[1] as CompatFlavour;
    return { pathname: compat[2]!, options };
  }
  const prefixed = /^\/__models\/([^/]+)(\/.*)$/.exec(pathname);
  if (!prefixed) return { pathname, options };
  for (const option of decodeURIComponent(prefixed[1]!).split(',')) {
    const [name, value] = option.split('=');
    if (name === 'html') options.html = true;
    else if (name === 'not-json') options.notJson = true;
    else if (name === '401') options.unauthorized = true;
    else if (name === 'huge') options.count = HUGE;
    else if (name === 'slow') options.slowMs = SLOW_MS;
    else if (name === 'hang') options.hang = true;
    else if (name === 'count' && value) options.count = Math.min(Number(value) || 0, 200_000);
    else if (name === 'page' && value) options.pageSize = Math.max(1, Number(value) || 1);
  }
  return { pathname: prefixed[2]!, options };
}
