import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import type { McpServer } from '@parley/core/entities';
import { mcpFailureMessage, type McpCallResult, type McpFailure } from '@parley/core/mcp';
import { failureOf } from './mcp-errors';

/**
 * One live connection to an MCP server through the official SDK (decision 0053): Streamable HTTP,
 * else HTTP+SSE (MC2); every page of tools/list, kept until the server says the list changed.
 * This module is its own chunk: it loads when a server is connected, never with the first screen.
 */

export interface McpTool {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema: Record<string, unknown>;
}

export interface McpConnectOptions {
  server: McpServer;
  /** Header values from the key vault (MC9). */
  headers: Record<string, string>;
  authProvider?: OAuthClientProvider | undefined;
  /** Connecting and listing end after this many milliseconds. */
  timeoutMs: number;
  /** Called when the server says its tool list changed. */
  onToolsChanged?: () => void;
}

export interface McpConnection {
  readonly transport: 'streamable-http' | 'sse';
  readonly serverName: string;
  tools(): Promise<McpTool[]>;
  call(name: string, args: Record<string, unknown>, options: CallOptions): Promise<McpCallResult>;
  close(): Promise<void>;
}

interface CallOptions {
  signal: AbortSignal;
  timeoutMs: number;
}

/** A failure with the words of MC8, thrown by connect, tools and call. */
export class McpRequestError extends Error {
  constructor(readonly failure: McpFailure) {
    super(mcpFailureMessage(failure));
    this.name = 'McpRequestError';
  }
}

/** Pages of tools/list read at most (a server that never ends its cursor cannot loop forever). */
const MAX_PAGES = 50;

function newClient(): Client {
  // The default validator (Ajv) compiles schemas with eval, which the app's CSP forbids.
  return new Client(
    { name: 'Parley', version: '1.0.0' },
    { capabilities: {}, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
}

/** MC2: a 400, 404 or 405 to the first POST means the server speaks only the older HTTP+SSE. */
function speaksOnlySse(error: unknown): boolean {
  const code = error instanceof StreamableHTTPError ? error.code : undefined;
  return code === 400 || code === 404 || code === 405;
}

export async function connectMcp(options: McpConnectOptions): Promise<McpConnection> {
  const { server, headers, authProvider, timeoutMs } = options;
  const url = new URL(server.url);
  const oauth = server.auth === 'oauth';
  const requestInit: RequestInit = { headers };
  const fail = (error: unknown): never => {
    if (error instanceof McpRequestError) throw error;
    const failure = failureOf(error, server.url, oauth);
    throw new McpRequestError(
      failure.kind === 'timeout'
        ? { ...failure, what: server.name || server.url, seconds: timeoutMs / 1000 }
        : failure,
    );
  };
  const attempt = async (kind: 'streamable-http' | 'sse') => {
    const client = newClient();
    const transport: Transport =
      kind === 'sse'
        ? new SSEClientTransport(url, { requestInit, authProvider })
        : new StreamableHTTPClientTransport(url, { requestInit, authProvider });
    await client.connect(transport, { timeout: timeoutMs });
    return { client, kind };
  };

  let connected: { client: Client; kind: 'streamable-http' | 'sse' };
  try {
    if (server.transport === 'sse') connected = await attempt('sse');
    else {
      try {
        connected = await attempt('streamable-http');
      } catch (error) {
        if (server.transport !== 'auto' || !speaksOnlySse(error)) throw error;
        connected = await attempt('sse');
      }
    }
  } catch (error) {
    return fail(error);
  }
  const { client, kind } = connected;
  let listed: Promise<McpTool[]> | undefined;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    listed = undefined;
    options.onToolsChanged?.();
  });

  const readTools = async (): Promise<McpTool[]> => {
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const result = await client.listTools(cursor ? { cursor } : {}, { timeout: timeoutMs });
      tools.push(...(result.tools as McpTool[]));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return tools;
  };

  return {
    transport: kind,
    serverName: client.getServerVersion()?.name ?? '',
    tools() {
      listed ??= readTools().catch((error: unknown) => {
        listed = undefined;
        return fail(error);
      });
      return listed;
    },
    async call(name, args, { signal, timeoutMs: callTimeout }) {
      try {
        const result = await client.callTool({ name, arguments: args }, undefined, {
          signal,
          timeout: callTimeout,
        });
        return result as McpCallResult;
      } catch (error) {
        const failure = failureOf(error, server.url, oauth);
        if (failure.kind === 'timeout')
          throw new McpRequestError({ ...failure, what: name, seconds: callTimeout / 1000 });
        return fail(error);
      }
    },
    close: () => client.close(),
  };
}
