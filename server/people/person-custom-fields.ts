// A person's custom-field values on the user form's save: the same check the form ran
// (domain/person-custom-fields.ts) against this company's fields, and the values to store. Custom
// fields are locked on the lite plan as on /custom-fields (403 custom_fields_locked).
import { customFieldsAllowed } from '../../domain/custom-field-sections';
import type { CustomFieldEntry } from '../../domain/custom-fields';
import { mergePersonValues, personFieldProblems } from '../../domain/person-custom-fields';
import { customFieldsRepo } from '../custom-fields/custom-fields.repo';
import { ApiError, invalid } from '../http/api-error';
import type { Executor } from '../sync/changes';
import type { ApplyContext } from '../sync/handlers';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../db/schema/people';
import { personChange } from './people.projections';

/**
 * The person's values after the save, or undefined when the save names none (they stay as they
 * are). Throws before anything is written: 403 on the lite plan, 400 with field errors otherwise.
 */
export async function checkedPersonValues(
  db: Executor,
  entityId: string,
  saved: readonly CustomFieldEntry[] | undefined,
  stored: readonly CustomFieldEntry[],
): Promise<CustomFieldEntry[] | undefined> {
  // An empty list changes nothing, so a client that always sends the key still saves on lite.
  if (saved === undefined || saved.length === 0) return undefined;
  if (!customFieldsAllowed(await customFieldsRepo.planOf(db, entityId)))
    throw new ApiError(403, 'custom_fields_locked');
  const problems = personFieldProblems(await customFieldsRepo.fields(db, entityId), saved);
  if (problems) throw invalid(problems);
  return mergePersonValues(stored, saved);
}

/**
 * What a visitor answered at the kiosk is theirs: the values, already checked against the flow,
 * join their profile, where the user form shows them (values of fields not asked this time stay).
 */
export async function keepAnswersOnProfile(
  a: ApplyContext,
  personId: string,
  values: readonly CustomFieldEntry[],
): Promise<void> {
  const where = and(eq(users.entityId, a.ctx.entityId), eq(users.id, personId));
  const [person] = await a.tx.select({ customFields: users.customFields }).from(users).where(where);
  if (!person) return;
  const [row] = await a.tx
    .update(users)
    .set({
      customFields: mergePersonValues(person.customFields ?? [], values),
      version: sql`${users.version} + 1`,
      updatedAt: a.receivedAt,
    })
    .where(where)
    .returning();
  if (row) a.change(personChange(row));
}
