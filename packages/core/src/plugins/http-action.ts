/**
 * An HTTP-action plugin function's request, built from its `httpAction` (plugin-format: method, url,
 * requestHeaders and requestBody as JSON text with `{variable}` placeholders filled from the call's
 * arguments and the user settings, a JSON or form-data body). Pure: the request is fetched, and
 * its result transformed, inside the plugin sandbox.
 */

export type HttpActionBody =
  { format: 'json'; text: string } | { format: 'form-data'; entries: readonly (readonly [string, string])[] };

export interface HttpActionRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: HttpActionBody | undefined;
}

export type HttpResultTransform =
  { engine: 'handlebars'; templateString: string } | { engine: 'jmes'; expression: string };

export type HttpActionPlan =
  | { ok: true; request: HttpActionRequest; transform?: HttpResultTransform | undefined }
  | { ok: false; message: string };

type Values = Readonly<Record<string, unknown>>;

const PLACEHOLDER = /\{([A-Za-z_$][\w$.-]*)\}/g;

function valueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Fills `{name}` where `name` is an argument or a setting (arguments first); others stay as written. */
export function fillPlaceholders(template: string, values: Values, encode: (text: string) => string): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) && values[name] !== undefined ? encode(valueText(values[name])) : whole,
  );
}

/** Inside JSON text a value is written as the inside of a JSON string, so quotes cannot break out. */
function jsonInner(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function parseJsonObject(text: string, what: string): Record<string, unknown> | string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Reported below.
  }
  return `The HTTP action's ${what} are not a JSON object.`;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

function transformOf(action: Record<string, unknown>): HttpResultTransform | undefined {
  if (action.hasResultTransform === false) return undefined;
  const raw = action.resultTransform;
  if (typeof raw !== 'object' || raw === null) return undefined;
  const transform = raw as Record<string, unknown>;
  if (transform.engine === 'handlebars' && typeof transform.templateString === 'string') {
    return { engine: 'handlebars', templateString: transform.templateString };
  }
  if (transform.engine === 'jmes' && typeof transform.expression === 'string') {
    return { engine: 'jmes', expression: transform.expression };
  }
  return undefined;
}

/** HA1-HA4 (plugins SPEC): the request of one call. `settings` are the resolved user settings. */
export function planHttpAction(
  action: Record<string, unknown>,
  args: Values,
  settings: Values,
): HttpActionPlan {
  const values: Values = { ...settings, ...args };
  const rawUrl = textOf(action.url).trim();
  if (rawUrl === '') return { ok: false, message: 'The HTTP action has no URL.' };
  const url = fillPlaceholders(rawUrl, values, encodeURIComponent);
  if (!/^https?:\/\//i.test(url)) return { ok: false, message: `The HTTP action URL is not http(s): ${url}` };
  const method = (textOf(action.method) || 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  const headerText = textOf(action.requestHeaders).trim();
  if (action.hasHeaders !== false && headerText !== '') {
    const parsed = parseJsonObject(fillPlaceholders(headerText, values, jsonInner), 'headers');
    if (typeof parsed === 'string') return { ok: false, message: parsed };
    for (const [name, value] of Object.entries(parsed)) headers[name] = textOf(value);
  }
  const bodyText = textOf(action.requestBody).trim();
  let body: HttpActionBody | undefined;
  if (action.hasBody !== false && bodyText !== '' && method !== 'GET' && method !== 'HEAD') {
    const filled = fillPlaceholders(bodyText, values, jsonInner);
    if (action.requestBodyFormat === 'form-data') {
      const parsed = parseJsonObject(filled, 'body');
      if (typeof parsed === 'string') return { ok: false, message: parsed };
      body = {
        format: 'form-data',
        entries: Object.entries(parsed).map(([k, v]) => [k, textOf(v)] as const),
      };
    } else {
      const parsed = parseJsonObject(filled, 'body');
      if (typeof parsed === 'string') return { ok: false, message: parsed };
      body = { format: 'json', text: JSON.stringify(parsed) };
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = 'application/json';
      }
    }
  }
  return {
    ok: true,
    request: { method, url, headers, ...(body ? { body } : {}) },
    transform: transformOf(action),
  };
}
