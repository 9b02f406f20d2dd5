/**
 * @parley/core/mcp: the pure rules of MCP servers as a tool source (SPEC.md: MC). The protocol
 * client itself (the official SDK) lives in the web app and is loaded only when a server is used.
 */
export * from './errors';
export * from './naming';
export * from './plugin-servers';
export * from './results';
export * from './servers';
