// The test runs a real MCP server (the SDK's server side) on loopback; the app never imports Node.
// eslint-disable-next-line no-restricted-imports
import { createServer, type Server } from 'node:http';
// eslint-disable-next-line no-restricted-imports
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { parseMcpServer } from '@parley/core/entities';
import { mcpHeaderSecretId } from '@parley/core/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpToolSource } from '../../src/features/mcp/mcp-tool-source';

/** A real MCP server (the SDK's server side) over Streamable HTTP on loopback. */
let http: Server;
let base = '';
const TOKEN = 'unit-token';

beforeAll(async () => {
  http = createServer((req, res) => {
    void (async () => {
      if (req.url?.startsWith('/locked') && req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.writeHead(401).end();
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const server = new McpServer({ name: 'unit', version: '1.0.0' });
      server.registerTool(
        'add.numbers',
        { description: 'Adds', inputSchema: { a: z.number(), b: z.number() } },
        async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
      );
      server.registerTool('fails', { description: 'Fails' }, async () => ({
        isError: true,
        content: [{ type: 'text', text: 'no such city' }],
      }));
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString('utf8')));
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

const context = { signal: new AbortController().signal, userMessage: 'q', timeoutMs: 10_000 };
const entry = (id: string, url: string, fields: Record<string, unknown> = {}) =>
  parseMcpServer({ id, name: id, url, ...fields });

describe('MCP servers as a tool source', () => {
  it('MC3 MC5 lists the tools under model-safe names and runs a call on the server', async () => {
    const source = createMcpToolSource({
      servers: () => [entry('s1', `${base}/mcp`)],
      chosen: () => null,
      secrets: () => ({}),
    });
    const tools = await source.list();
    expect(tools.map((tool) => tool.definition.name)).toEqual(['add_numbers', 'fails']);
    expect(tools[0]?.origin).toMatchObject({ kind: 'mcp', id: 's1', title: 's1' });
    expect(tools[0]?.definition.parameters).not.toHaveProperty('$schema');
    const call = { id: 'c1', name: 'add_numbers', arguments: { a: 2, b: 3 } };
    expect(await source.run(tools[0]!, call, context)).toEqual({ status: 'ok', forModel: '5' });
    const failing = { id: 'c2', name: 'fails', arguments: {} };
    expect(await source.run(tools[1]!, failing, context)).toEqual({
      status: 'error',
      message: 'no such city',
    });
  });

  it('MC4 MC7 a switched-off tool, a disabled server or one the chat did not choose is not offered', async () => {
    const servers = [
      entry('s1', `${base}/mcp`, { disabledTools: ['fails'] }),
      entry('s2', `${base}/mcp`, { enabled: false }),
    ];
    const source = createMcpToolSource({ servers: () => servers, chosen: () => null, secrets: () => ({}) });
    expect((await source.list()).map((tool) => tool.definition.name)).toEqual(['add_numbers']);
    const none = createMcpToolSource({ servers: () => servers, chosen: () => [], secrets: () => ({}) });
    expect(await none.list()).toEqual([]);
  });

  it('MC8 MC9 a bearer server refuses without its header and lists with the vault value', async () => {
    const server = entry('locked', `${base}/locked/mcp`, { auth: 'headers', headerNames: ['Authorization'] });
    const failures: string[] = [];
    let secrets: Record<string, string> = {};
    const source = createMcpToolSource({
      servers: () => [server],
      chosen: () => null,
      secrets: () => secrets,
      onServerFailed: (_server, message) => failures.push(message),
    });
    expect(await source.list()).toEqual([]);
    expect(failures[0]).toContain('refused the request (unauthorized)');
    secrets = { [mcpHeaderSecretId('locked', 'Authorization')]: `Bearer ${TOKEN}` };
    expect(await source.list()).toHaveLength(2);
    // Working in between, a new failure is reported again.
    secrets = {};
    await source.list();
    expect(failures).toHaveLength(2);
  });

  it('MC8 a server that is down is reported and lists nothing; the source does not throw', async () => {
    const failures: string[] = [];
    const source = createMcpToolSource({
      servers: () => [entry('down', 'http://127.0.0.1:9/mcp')],
      chosen: () => null,
      secrets: () => ({}),
      onServerFailed: (_server, message) => failures.push(message),
    });
    expect(await source.list()).toEqual([]);
    expect(failures[0]).toContain('Could not reach the MCP server at http://127.0.0.1:9/mcp');
    // Asked again before the next messages, it is not reported again: once, in one short line.
    await source.list();
    await source.list();
    expect(failures).toHaveLength(1);
    expect(failures[0]).not.toContain('\n');
    expect(failures[0]!.length).toBeLessThanOrEqual(160);
  });
});
