/**
 * @parley/core/sync: the cloud sync protocol (zod schemas shared by client and server), the merge
 * rules every replica applies, and chunking by serialized length. Rules: SPEC.md.
 */
export * from './auth-protocol';
export * from './canonical-json';
export * from './chunking';
export * from './entity-items';
export * from './merge-chat';
export * from './merge-message';
export * from './merge-order';
export * from './merge-record';
export * from './protocol';
export * from './settings-sections';
export * from './sync-events';
export * from './sync-messages';
export * from './wire-kinds';
