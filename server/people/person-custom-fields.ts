// A person's custom-field values on the user form's save (issue 13): the same check the form ran
// (domain/person-custom-fields.ts) against this company's fields, and the values to store. Custom
// fields are locked on the lite plan as on /custom-fields (403 custom_fields_locked).
import { customFieldsAllowed } from '../../domain/custom-field-sections';
import type { CustomFieldEntry } from '../../domain/custom-fields';
import { mergePersonValues, personFieldProblems } from '../../domain/person-custom-fields';
import { customFieldsRepo } from '../custom-fields/custom-fields.repo';
import { ApiError, invalid } from '../http/api-error';
import type { Executor } from '../sync/changes';

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
