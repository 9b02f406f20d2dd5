import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * Test servers for how tool lists travel (e2e/support/mcp-test-server.ts mounts them):
 *   /paged/mcp              5 tools, listed 2 per page (tools/list with a cursor)
 *   /changing/mcp?room=R    a stateful server (sessions, a GET event stream) with one tool;
 *   POST /changing/add-tool?room=R  adds a tool to room R's live servers, which tell the
 *                           client with notifications/tools/list_changed
 *   GET /changing/stats?room=R      { sessions }: a story checks nothing reconnected
 */

export const PAGED_TOOL_COUNT = 5;
const PAGE_SIZE = 2;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

function pagedServer(): Server {
  const tools = Array.from({ length: PAGED_TOOL_COUNT }, (_, i) => ({
    name: `page_tool_${i + 1}`,
    description: `Paged tool ${i + 1}`,
    inputSchema: { type: 'object' as const, properties: {} },
  }));
  const server = new Server({ name: 'parley-e2e-paged', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const next = start + PAGE_SIZE;
    return {
      tools: tools.slice(start, next),
      ...(next < tools.length ? { nextCursor: String(next) } : {}),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: 'text', text: `${request.params.name} ran` }],
  }));
  return server;
}

/** Stateless Streamable HTTP for the paged server. */
export async function paged(req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  const server = pagedServer();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => void transport.close().then(() => server.close()));
  await server.connect(transport);
  await transport.handleRequest(req, res, await readBody(req));
}

interface Room {
  servers: Set<McpServer>;
  added: number;
  sessions: number;
}
const rooms = new Map<string, Room>();
const sessions = new Map<string, StreamableHTTPServerTransport>();

function roomOf(url: URL): Room {
  const name = url.searchParams.get('room') ?? '';
  let room = rooms.get(name);
  if (!room) {
    room = { servers: new Set(), added: 0, sessions: 0 };
    rooms.set(name, room);
  }
  return room;
}

function addTool(server: McpServer, n: number) {
  server.registerTool(`added_tool_${n}`, { description: `Added tool ${n}` }, async () => ({
    content: [{ type: 'text', text: `added tool ${n} ran` }],
  }));
}

/** The stateful server: a session per client, its notifications on the client's GET stream. */
export async function changing(req: IncomingMessage, res: ServerResponse, url: URL) {
  const room = roomOf(url);
  if (url.pathname === '/changing/add-tool') {
    room.added += 1;
    // Registering on a connected server sends notifications/tools/list_changed.
    for (const server of room.servers) addTool(server, room.added);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ added: room.added }));
    return;
  }
  if (url.pathname === '/changing/stats') {
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ sessions: room.sessions }));
    return;
  }
  const body = req.method === 'POST' ? await readBody(req) : undefined;
  const id = req.headers['mcp-session-id'];
  if (typeof id === 'string') {
    const transport = sessions.get(id);
    if (!transport) {
      res.writeHead(404).end();
      return;
    }
    await transport.handleRequest(req, res, body);
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  const server = new McpServer({ name: 'parley-e2e-changing', version: '1.0.0' });
  server.registerTool('first_tool', { description: 'The tool the server starts with' }, async () => ({
    content: [{ type: 'text', text: 'first tool ran' }],
  }));
  for (let n = 1; n <= room.added; n += 1) addTool(server, n);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
    room.servers.delete(server);
  };
  room.sessions += 1;
  room.servers.add(server);
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
