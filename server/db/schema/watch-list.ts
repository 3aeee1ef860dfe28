// The watch list: people who must not be admitted (deny) or only with security
// (escort), and the audit trail of every change to it. The reason and the trail are admin-only
// and never leave the server; a later kiosk table carries only what matching needs.
import { bigint, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { WatchListAction } from '../../../domain/watch-list-match';
import { entities } from './entities';

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' });

export const watchListEntries = pgTable(
  'watch_list_entries',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    fullName: text('full_name').notNull(),
    otherNames: jsonb('other_names').$type<string[]>().notNull().default([]),
    /** YYYY-MM-DD; optional. */
    dateOfBirth: text('date_of_birth'),
    email: text('email'),
    /** As entered; matching normalises it (E.164 when it has its country code). */
    phone: text('phone'),
    /** An uploaded photo's path (server/uploads), checked like profile photos. */
    photo: text('photo'),
    action: text('action').$type<WatchListAction>().notNull(),
    /** Sites the entry applies to; empty means every site of the company. */
    siteIds: jsonb('site_ids').$type<string[]>().notNull().default([]),
    /** Why the person is listed: visible to holders of watch_list only. */
    reason: text('reason').notNull().default(''),
    /** Epoch ms after which the entry no longer applies (the retention job removes it). */
    expiresAt: bigint('expires_at', { mode: 'number' }),
    /** The user who added it; no foreign key, so the entry outlives a removed admin. */
    addedBy: uuid('added_by').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('watch_list_entries_expiry_idx').on(t.entityId, t.expiresAt),
  ],
);

export type WatchListChange = 'created' | 'updated' | 'deleted';

/** One row per change; kept after the entry is deleted (no foreign key to it). */
export const watchListAudit = pgTable(
  'watch_list_audit',
  {
    entityId: entityId(),
    id: uuid('id').notNull(),
    entryId: uuid('entry_id').notNull(),
    change: text('change').$type<WatchListChange>().notNull(),
    /** The user who made the change. */
    actorId: uuid('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    /** The entry's name at the time, so a deleted entry's trail still reads. */
    fullName: text('full_name').notNull(),
    /** Field → [before, after] for the fields that changed (the reason included). */
    fields: jsonb('fields').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    index('watch_list_audit_entry_idx').on(t.entityId, t.entryId, t.at),
  ],
);
