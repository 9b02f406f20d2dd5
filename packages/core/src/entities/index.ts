/**
 * @parley/core/entities: every persisted record type, one module each (schema, type, defaults,
 * schema version, migrations, tolerant parse).
 */
export * from './attachment';
export * from './character';
export * from './chat';
export * from './chat-summary';
export * from './defaults';
export * from './entity-parser';
export * from './folder';
export * from './knowledge-document';
export * from './mcp-server';
export * from './memory-entry';
export * from './message';
export * from './plugin';
export * from './project';
export * from './prompt';
export * from './retired-values';
export * from './setting-definition';
export * from './synced-settings';
export * from './tag';
export * from './timestamps';
export * from './usage-record';
export * from './user-profile';
export * from './voice-settings';
export * from './message-links';
