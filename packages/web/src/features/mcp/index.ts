// MCP servers (decision 0053): the tool source the chat's answers use, and the Servers section of
// the Plugins screen (loaded with that screen). The official SDK loads only when a server is
// connected (mcp-pool), never with the first screen.
export { createMcpToolSource, headersOf, type McpToolSourceDeps } from './mcp-tool-source';
export { McpServersSection } from './McpServersSection';
export { useAddPluginServers } from './use-plugin-servers';
export { hasPageSignInResult } from './oauth-page-result';
