import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { changing, paged } from './mcp-list-servers';
import { OAUTH_PATHS, oauthServer } from './mcp-oauth-server';

/**
 * MCP servers for the e2e stories, on the official SDK's server side, on loopback with CORS:
 *   /mcp              Streamable HTTP: get_forecast, render_chart, big_result, never_answers
 *   /bearer/mcp       the same, only with `Authorization: Bearer e2e-mcp-token`
 *   /sse + /messages  an HTTP+SSE-only server (older transport)
 *   /many/mcp         500 tools
 *   /html, /malformed a web page and a JSON answer that is not JSON-RPC
 *   /nocors/mcp       a server that sends no CORS headers
 *   /oauth/mcp        the same tools behind OAuth 2.1 (mcp-oauth-server.ts: metadata, registration,
 *                     /authorize with an Approve button, /token)
 *   /paged/mcp, /changing/mcp  a paged tools/list and a list that changes (mcp-list-servers.ts)
 */

export const MCP_BEARER_TOKEN = 'e2e-mcp-token';
const PORT = Number(process.env.PORT ?? 8792);

function tools(server: McpServer) {
  server.registerTool(
    'get_forecast',
    {
      title: 'Forecast',
      description: 'The weather forecast of a city',
      inputSchema: { city: z.string().optional() },
      outputSchema: { city: z.string(), temperature: z.number() },
    },
    async ({ city }) => {
      const structured = { city: city ?? 'Paris', temperature: 21 };
      return {
        content: [{ type: 'text', text: `Forecast for ${structured.city}: sunny, 21 °C` }],
        structuredContent: structured,
      };
    },
  );
  server.registerTool(
    'render_chart',
    { description: 'A chart as an image, with a link to its data' },
    async () => ({
      content: [
        {
          type: 'image',
          mimeType: 'image/png',
          // A 1x1 transparent PNG.
          data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        },
        { type: 'resource_link', uri: 'https://example.com/chart-data.csv', name: 'chart-data.csv' },
      ],
    }),
  );
  server.registerTool('big_result', { description: 'A result of 5 MB' }, async () => ({
    content: [{ type: 'text', text: 'big '.repeat((5 * 1024 * 1024) / 4) }],
  }));
  server.registerTool(
    'never_answers',
    { description: 'A tool that never answers' },
    () => new Promise<never>(() => undefined),
  );
}

function manyTools(server: McpServer) {
  for (let i = 0; i < 500; i += 1) {
    server.registerTool(
      `tool_${String(i).padStart(3, '0')}`,
      { description: `Tool number ${i}` },
      async () => ({
        content: [{ type: 'text', text: `tool ${i} ran` }],
      }),
    );
  }
}

function newServer(register: (server: McpServer) => void): McpServer {
  const server = new McpServer({ name: 'parley-e2e', version: '1.0.0' });
  register(server);
  return server;
}

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader(
    'Access-Control-Allow-Headers',
    'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
  );
  res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, WWW-Authenticate');
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

/** Stateless Streamable HTTP: a fresh server and transport per request. */
async function streamable(req: IncomingMessage, res: ServerResponse, register: (s: McpServer) => void) {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  const server = newServer(register);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => void transport.close().then(() => server.close()));
  await server.connect(transport);
  await transport.handleRequest(req, res, await body(req));
}

const sseSessions = new Map<string, SSEServerTransport>();
const oauth = oauthServer(`http://127.0.0.1:${PORT}`, (req, res) => streamable(req, res, tools));

async function route(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  if (url.pathname.startsWith('/nocors/')) {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    return;
  }
  cors(req, res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204).end();
    return;
  }
  if (url.pathname.startsWith('/changing/')) return changing(req, res, url);
  if (url.pathname === '/paged/mcp') return paged(req, res);
  if (OAUTH_PATHS.test(url.pathname)) {
    oauth(req, res);
    return;
  }
  switch (url.pathname) {
    case '/health':
      res.writeHead(200).end('ok');
      return;
    case '/mcp':
      return streamable(req, res, tools);
    case '/many/mcp':
      return streamable(req, res, manyTools);
    case '/bearer/mcp':
      if (req.headers.authorization !== `Bearer ${MCP_BEARER_TOKEN}`) {
        res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"invalid_token"}');
        return;
      }
      return streamable(req, res, tools);
    case '/sse': {
      if (req.method !== 'GET') {
        res.writeHead(405).end();
        return;
      }
      const transport = new SSEServerTransport('/messages', res);
      sseSessions.set(transport.sessionId, transport);
      res.on('close', () => sseSessions.delete(transport.sessionId));
      await newServer(tools).connect(transport);
      return;
    }
    case '/messages': {
      const transport = sseSessions.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) {
        res.writeHead(404).end();
        return;
      }
      await transport.handlePostMessage(req, res, await body(req));
      return;
    }
    case '/html':
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<!doctype html><title>Welcome</title><h1>Hello</h1>');
      return;
    case '/malformed':
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"hello":"this is not JSON-RPC"}');
      return;
    default:
      res.writeHead(404).end();
  }
}

createServer((req, res) => {
  route(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end();
  });
}).listen(PORT, '127.0.0.1');
