// The sync catalogue: every synced table and every mutation, declared once (see docs/sync-catalogue.md).
export * from './define';
export * from './tables';
export * from './mutations';
export { receiverFor } from './receive';
export { needsLatest, rescopeMove, rowInScope, scopeDelete, scopeOf, SCOPED_TABLES, timeFieldOf } from './scope';
export type { MutationDef } from './mutations/define-mutation';
