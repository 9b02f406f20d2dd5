import { z } from 'zod/mini';
import { defineEntity, schemaVersionField } from './entity-parser';
import { optionalTimestampField, timestampField } from './timestamps';

/**
 * A remote MCP server the browser talks to itself (rules MC in core/mcp). The entry syncs with the
 * settings; what is secret (header values, OAuth tokens) stays in the key vault, so only the header
 * names are here.
 */
export const MCP_SERVER_SCHEMA_VERSION = 1;

const mcpServerShape = {
  schemaVersion: schemaVersionField,
  id: z.string().check(z.minLength(1)),
  name: z._default(z.string(), ''),
  url: z._default(z.string(), ''),
  /** `auto`: Streamable HTTP, falling back to HTTP+SSE when the server only speaks that (MC2). */
  transport: z._default(z.enum(['auto', 'streamable-http', 'sse']), 'auto'),
  /** `headers`: the names below, values in the vault; `oauth`: tokens in the vault (MC9). */
  auth: z._default(z.enum(['none', 'headers', 'oauth']), 'none'),
  headerNames: z._default(z.array(z.string()), () => []),
  enabled: z._default(z.boolean(), true),
  /** Tools the user switched off; new tools a server adds are on. */
  disabledTools: z._default(z.array(z.string()), () => []),
  createdAt: timestampField,
  updatedAt: timestampField,
  deletedAt: optionalTimestampField,
};

export const McpServerSchema = z.object(mcpServerShape);
export type McpServer = z.infer<typeof McpServerSchema>;

export const mcpServerEntity = defineEntity({
  name: 'MCP server',
  version: MCP_SERVER_SCHEMA_VERSION,
  shape: mcpServerShape,
  keepUnknownFields: true,
});

export const parseMcpServer = mcpServerEntity.parse;
export const safeParseMcpServer = mcpServerEntity.safeParse;
