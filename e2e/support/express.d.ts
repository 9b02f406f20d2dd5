// The few parts of express the OAuth test server uses (the SDK's auth helpers are express
// routers; the repository has no @types/express, and the app never uses express).
declare module 'express' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Request extends IncomingMessage {
    body: unknown;
  }
  interface Response extends ServerResponse {
    status(code: number): Response;
    type(type: string): Response;
    send(body: string): Response;
    json(body: unknown): Response;
    redirect(status: number, url: string): void;
  }
  type Handler = (req: Request, res: Response, next: (error?: unknown) => void) => void;
  interface Express {
    (req: IncomingMessage, res: ServerResponse): void;
    use(...handlers: unknown[]): Express;
    get(path: string, ...handlers: Handler[]): Express;
    post(path: string, ...handlers: Handler[]): Express;
  }
  interface ExpressModule {
    (): Express;
    urlencoded(options: { extended: boolean }): Handler;
    json(): Handler;
  }
  const express: ExpressModule;
  export default express;
  export type { Request, Response, Handler as RequestHandler };
}
