/**
 * `@parley/core/hosted`: models the organisation offers on its Parley server (issue #37): the
 * relay's request and the admin's shapes, limits and their messages. Rules: SPEC.md (HM*).
 */
export * from './hosted-protocol';
export * from './model-list-protocol';
export * from './relay-protocol';
export * from './hosted-admin-protocol';
export * from './hosted-limits';
export * from './hosted-model';
