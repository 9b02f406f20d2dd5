/// <reference lib="webworker" />
import Handlebars from 'handlebars';
import { search } from '@jmespath-community/jmespath';
import type { SandboxJob, SandboxOutcome } from './sandbox-protocol';

/**
 * Runs one plugin job. This file is bundled on its own and started by the sandbox frame as a blob
 * worker, so it runs in the frame's opaque origin, under the frame's CSP (eval allowed there for
 * plugin code and Handlebars, never in the app), on its own thread: the frame ends it on time-out
 * whatever the plugin does (`while(true){}` included).
 */

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

async function runJavaScript(job: Extract<SandboxJob, { kind: 'javascript' }>): Promise<string> {
  // The plugin format: the code declares a top-level function named like the spec.
  const factory = new Function(
    `${job.code}\n;return typeof ${job.functionName} === 'function' ? ${job.functionName} : undefined;`,
  ) as () => unknown;
  const fn = factory();
  if (typeof fn !== 'function') throw new Error(`The plugin code defines no function ${job.functionName}.`);
  const result: unknown = await (fn as (...args: unknown[]) => unknown)(
    job.params,
    job.userSettings,
    job.resources,
  );
  return asText(result);
}

async function runHttp(job: Extract<SandboxJob, { kind: 'http' }>): Promise<string> {
  const { request, transform } = job;
  let body: BodyInit | undefined;
  if (request.body?.format === 'json') body = request.body.text;
  else if (request.body?.format === 'form-data') {
    const form = new FormData();
    for (const [name, value] of request.body.entries) form.append(name, value);
    body = form;
  }
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 500)}`);
  if (!transform) return text;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('The response is not JSON, so the result transform cannot read it.');
  }
  if (transform.engine === 'handlebars') return Handlebars.compile(transform.templateString)(data);
  return asText(search(data as Parameters<typeof search>[0], transform.expression));
}

self.onmessage = (event: MessageEvent<SandboxJob>) => {
  const job = event.data;
  const run = job.kind === 'javascript' ? runJavaScript(job) : runHttp(job);
  run.then(
    (text): void => self.postMessage({ ok: true, text } satisfies SandboxOutcome),
    (error: unknown): void =>
      self.postMessage({ ok: false, message: errorText(error) } satisfies SandboxOutcome),
  );
};
