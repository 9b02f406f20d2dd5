/**
 * MC8: what a failed MCP request says, to the user (step view, Servers screen) and to the model
 * (the error result). The web client sorts the SDK's errors into these kinds.
 */

export type McpFailure =
  | { kind: 'unreachable'; url: string; origin: string }
  | { kind: 'status'; url: string; status: number; text: string }
  | { kind: 'unauthorized'; url: string; oauth: boolean }
  | { kind: 'html'; url: string }
  | { kind: 'malformed'; url: string; detail: string }
  | { kind: 'timeout'; what: string; seconds: number }
  | { kind: 'stdio'; name: string }
  | { kind: 'other'; url: string; detail: string };

/** The request headers an MCP client sends and the response header it must read (CORS). */
export const MCP_CORS_ALLOW_HEADERS =
  'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version';
export const MCP_CORS_EXPOSE_HEADERS = 'Mcp-Session-Id';

export function mcpFailureMessage(failure: McpFailure): string {
  switch (failure.kind) {
    case 'unreachable':
      return (
        `Could not reach the MCP server at ${failure.url}: it is down, or it does not allow requests from ` +
        `this page (CORS). The server must answer OPTIONS with Access-Control-Allow-Origin: ${failure.origin}, ` +
        `allow the methods GET, POST and DELETE and the headers ${MCP_CORS_ALLOW_HEADERS} (and any header ` +
        `you added), and expose ${MCP_CORS_EXPOSE_HEADERS}.`
      );
    case 'status':
      return `The MCP server at ${failure.url} answered HTTP ${failure.status}${failure.text ? `: ${failure.text}` : '.'}`;
    case 'unauthorized':
      return failure.oauth
        ? `The MCP server at ${failure.url} needs you to sign in again: open Plugins → Servers and choose Sign in.`
        : `The MCP server at ${failure.url} refused the request (unauthorized): check the token in its headers in Plugins → Servers.`;
    case 'html':
      return `The MCP server at ${failure.url} answered with a web page, not MCP: check the address (it often ends in /mcp or /sse).`;
    case 'malformed':
      return `The MCP server at ${failure.url} sent a message that is not valid JSON-RPC: ${failure.detail}`;
    case 'timeout':
      return `${failure.what} did not answer within ${failure.seconds} s.`;
    case 'stdio':
      return `${failure.name} is run by a command on a computer (stdio): a browser cannot start it. Expose it over HTTP with a bridge and add its address.`;
    default:
      return `The MCP server at ${failure.url} failed: ${failure.detail}`;
  }
}
