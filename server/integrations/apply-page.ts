// Writes one directory page, inside the caller's feed transaction: people already linked to
// their directory id are updated (never doubled), new ones created and linked, a new person
// whose email already belongs to someone here is reported as a duplicate candidate (never
// merged), people the directory removed or disabled are archived (never deleted), and a row the
// user form would refuse is skipped and reported (./mapped-person.ts).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { integrationDuplicates, integrationPeople, integrations, roles, users } from '../db/schema/index';
import { personChange } from '../people/people.projections';
import type { ChangeInput, Tx } from '../sync/changes';
import { mappedCustomValues } from '../../domain/integration-custom-fields';
import { customFieldDefs, customValuesDiffer, mappedCustomIds, mergedCustomValues } from './custom-targets';
import type { DirectoryPerson } from './directories/directory-client';
import { mappedPerson, type MappedPerson } from './mapped-person';

type Integration = typeof integrations.$inferSelect;
export interface PageCounts {
  created: number;
  updated: number;
  archived: number;
  duplicates: number;
  errors: number;
}
export interface PageResult {
  counts: PageCounts;
  changes: ChangeInput[];
  archivedIds: string[];
  problems: { externalId: string; code: string; params?: Record<string, string> }[];
}

/** What the directory says the person is (Wonde's students and employees), or null. */
const directoryTypeOf = (p: DirectoryPerson) => (typeof p.fields.type === 'string' ? p.fields.type : null);

export async function applyPage(
  tx: Tx,
  integ: Integration,
  runId: string,
  people: DirectoryPerson[],
  removedIds: string[],
  at: Date,
): Promise<PageResult> {
  const { entityId } = integ;
  const counts: PageCounts = { created: 0, updated: 0, archived: 0, duplicates: 0, errors: 0 };
  const changes: ChangeInput[] = [];
  const problems: PageResult['problems'] = [];
  // Disabled accounts leave like removed ones; a group selection keeps only its members
  // (a delta page carries no groups, so there it only updates people already linked).
  const leaving = [...removedIds, ...people.filter((p) => !p.active).map((p) => p.externalId)];
  const inGroups = (p: DirectoryPerson) => !integ.groups.length || p.groupIds.some((g) => integ.groups.includes(g));
  const staying = people.filter((p) => p.active);
  const ids = [...staying.map((p) => p.externalId), ...leaving];
  const links = ids.length
    ? await tx
        .select()
        .from(integrationPeople)
        .where(
          and(
            eq(integrationPeople.entityId, entityId),
            eq(integrationPeople.integrationId, integ.id),
            inArray(integrationPeople.externalId, ids),
          ),
        )
    : [];
  const linkOf = new Map(links.map((l) => [l.externalId, l]));
  // Directory fields mapped to custom fields: checked by the custom fields' own rule.
  const defs = await customFieldDefs(tx, entityId, mappedCustomIds(integ.mapping));
  // A row the user form would refuse (no email, `payroll-0` as one, a 60-letter name) is skipped whole.
  const rows: { p: DirectoryPerson; v: MappedPerson; c: ReturnType<typeof mappedCustomValues> }[] = [];
  for (const p of staying) {
    const m = mappedPerson(integ, p);
    if (m.ok) rows.push({ p, v: m.person, c: mappedCustomValues(integ.mapping, defs, p.fields) });
    else {
      counts.errors++;
      problems.push({ externalId: p.externalId, code: m.code, ...('params' in m ? { params: m.params } : {}) });
    }
  }
  const emails = rows.map((r) => r.v.email);
  const phones = rows.map((r) => r.v.phone).filter((e): e is string => !!e);
  const owners = emails.length
    ? await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.entityId, entityId), inArray(users.email, emails)))
    : [];
  const ownerOf = new Map(owners.map((o) => [o.email, o.id]));
  const phoneOwners = phones.length
    ? await tx
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(and(eq(users.entityId, entityId), inArray(users.phone, phones)))
    : [];
  const phoneOf = new Map(phoneOwners.map((o) => [o.phone, o.id]));
  // Someone here with the same full name (and another email) may be the same person: held back
  // as a duplicate candidate until an admin links or creates them (/integration-duplicate).
  const names = rows.filter((r) => !linkOf.has(r.p.externalId)).map((r) => r.v.fullName);
  const nameOwners = names.length
    ? await tx
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.archived, false), inArray(users.fullName, names)))
    : [];
  const nameOf = new Map(nameOwners.map((o) => [o.fullName, o.id]));
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')));
  const fresh: (typeof users.$inferInsert)[] = [];
  const freshLinks: (typeof integrationPeople.$inferInsert)[] = [];

  for (const { p, v, c } of rows) {
    // A value that does not fit its custom field skips the whole row, as a row without an email.
    if (c.problem) {
      counts.errors++;
      problems.push({ externalId: p.externalId, code: 'custom_field_invalid', params: { field: c.problem.fieldName } });
      continue;
    }
    const custom = c.fieldIds.length ? { customFields: mergedCustomValues(c.fieldIds, c.entries) } : {};
    const link = linkOf.get(p.externalId);
    const owner = ownerOf.get(v.email);
    // A phone someone else has (or a second row of this page has) is left out, not fought over.
    const phone = v.phone && (!phoneOf.has(v.phone) || phoneOf.get(v.phone) === link?.userId) ? v.phone : null;
    if (phone) phoneOf.set(phone, link?.userId ?? p.externalId);
    if (link) {
      if (owner && owner !== link.userId) {
        counts.errors++;
        problems.push({ externalId: p.externalId, code: 'email_taken' });
        continue;
      }
      const [person] = await tx
        .update(users)
        .set({
          fullName: v.fullName,
          email: v.email,
          phone,
          archived: false,
          ...custom,
          updatedAt: at,
          version: sql`${users.version} + 1`,
        })
        .where(
          and(
            eq(users.entityId, entityId),
            eq(users.id, link.userId),
            or(
              sql`(${users.fullName}, ${users.email}, coalesce(${users.phone}, ''), ${users.archived}) is distinct from (${v.fullName}, ${v.email}, ${phone ?? ''}, false)`,
              c.fieldIds.length ? customValuesDiffer(c.fieldIds, c.entries) : undefined,
            ),
          ),
        )
        .returning();
      // Back in the directory, or its type changed (a link made from a duplicate has none yet).
      if (link.removedAt || link.directoryType !== directoryTypeOf(p))
        await tx
          .update(integrationPeople)
          .set({ removedAt: null, directoryType: directoryTypeOf(p) })
          .where(
            and(
              eq(integrationPeople.entityId, entityId),
              eq(integrationPeople.integrationId, integ.id),
              eq(integrationPeople.externalId, p.externalId),
            ),
          );
      if (person) {
        counts.updated++;
        changes.push(personChange(person));
      }
    } else if (!inGroups(p)) {
      continue;
    } else if (owner || nameOf.has(v.fullName)) {
      counts.duplicates++;
      const userId = owner ?? nameOf.get(v.fullName)!;
      const data = {
        ...v,
        match: owner ? ('email' as const) : ('name' as const),
        ...(c.fieldIds.length ? { custom: { fieldIds: c.fieldIds, entries: c.entries } } : {}),
      };
      await tx
        .insert(integrationDuplicates)
        .values({ entityId, integrationId: integ.id, externalId: p.externalId, userId, runId, data })
        .onConflictDoUpdate({
          target: [
            integrationDuplicates.entityId,
            integrationDuplicates.integrationId,
            integrationDuplicates.externalId,
          ],
          set: { userId, runId, data },
        });
    } else {
      const id = uuidv7();
      ownerOf.set(v.email, id);
      fresh.push({
        entityId,
        id,
        roleId: role!.id,
        userTypeId: integ.userTypeId,
        labels: [],
        updatedAt: at,
        ...v,
        phone,
        customFields: c.entries,
      });
      freshLinks.push({
        entityId,
        integrationId: integ.id,
        externalId: p.externalId,
        userId: id,
        directoryType: directoryTypeOf(p),
      });
    }
  }
  if (fresh.length) {
    for (const person of await tx.insert(users).values(fresh).returning()) changes.push(personChange(person));
    await tx.insert(integrationPeople).values(freshLinks);
    counts.created += fresh.length;
  }
  // Everyone this page removed at once: a directory that drops a year group drops thousands.
  const gone = [...new Set(leaving)]
    .map((externalId) => linkOf.get(externalId))
    .filter((l): l is NonNullable<typeof l> => !!l && !l.removedAt);
  const archivedIds: string[] = [];
  if (gone.length) {
    const archived = await tx
      .update(users)
      .set({ archived: true, updatedAt: at, version: sql`${users.version} + 1` })
      .where(
        and(
          eq(users.entityId, entityId),
          inArray(
            users.id,
            gone.map((l) => l.userId),
          ),
        ),
      )
      .returning();
    await tx
      .update(integrationPeople)
      .set({ removedAt: at })
      .where(
        and(
          eq(integrationPeople.entityId, entityId),
          eq(integrationPeople.integrationId, integ.id),
          inArray(
            integrationPeople.externalId,
            gone.map((l) => l.externalId),
          ),
        ),
      );
    const byUser = new Map(archived.map((person) => [person.id, person]));
    for (const link of gone) {
      const person = byUser.get(link.userId);
      if (!person) continue;
      counts.archived++;
      archivedIds.push(link.externalId);
      byUser.delete(link.userId); // one change a person
      changes.push(personChange(person));
    }
  }
  return { counts, changes, archivedIds, problems };
}
