import type { IncomingMessage, ServerResponse } from 'node:http';

/** The OAuth side of the test MCP server (filled in with the OAuth story). */
export async function handleOAuth(
  _req: IncomingMessage,
  _res: ServerResponse,
  _url: URL,
  _port: number,
): Promise<boolean> {
  return false;
}

export function isAuthorized(_req: IncomingMessage): boolean {
  return false;
}
