import type { MiddlewareHandler } from 'hono';

export type LogLine = {
  level: 'info' | 'error';
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  [key: string]: unknown;
};

export type Logger = (line: LogLine) => void;

export const silentLogger: Logger = () => {};

export function jsonLogger(write: (text: string) => void): Logger {
  return (line) => write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`);
}

/** One structured line per request: method, path (never the query), status, duration. */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log({
      level: c.res.status >= 500 ? 'error' : 'info',
      msg: 'request',
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
