// The person a directory row maps to, checked by the user form's own rules (domain/schemas/people.ts),
// so a sync can store nothing the form would refuse: a mapping that points e-mail at a payroll
// number skips those rows and says which field broke which rule, instead of storing them.
import * as v from 'valibot';
import { userInput } from '../../domain/schemas/people';
import type { integrations } from '../db/schema/index';
import type { DirectoryPerson } from './directories/directory-client';

type Integration = typeof integrations.$inferSelect;

/** The form's rule for each field a directory row fills, under the mapping's own names. */
const RULES = {
  fullName: userInput.entries.full_name,
  email: userInput.entries.email,
  phone: userInput.entries.phone,
} as const;
export type MappedField = keyof typeof RULES;

export interface MappedPerson {
  fullName: string;
  email: string;
  phone: string | null;
}
export type MappedRow =
  | { ok: true; person: MappedPerson }
  | { ok: false; code: 'no_email' | 'no_name' }
  /** `reason` is the rule's message key (e.g. errors.invalid_email), translated by the log's reader. */
  | { ok: false; code: 'field_invalid'; params: { field: MappedField; reason: string } };

const fieldText = (p: DirectoryPerson, name: string) => {
  const value = p.fields[name];
  return value === undefined || value === null ? null : String(value).trim() || null;
};

// Directories write phones for people to read ("+44 (0)1223 400001"); the form keeps digits only.
// Spacing and punctuation go, anything else (letters, an "ext.") stays for the rule to refuse.
const phoneDigits = (text: string | null) => text?.replace(/[\s().\-/+]/g, '') || null;

/** What the directory says the person is, through the integration's field mapping, unchecked. */
function mappedValues(integ: Pick<Integration, 'mapping'>, p: DirectoryPerson) {
  const m = integ.mapping;
  return {
    fullName: (m.fullName ? fieldText(p, m.fullName) : `${p.firstName} ${p.lastName}`.trim()) || null,
    email: (m.email ? fieldText(p, m.email) : p.email?.trim() || null)?.toLowerCase() ?? null,
    phone: phoneDigits(m.phone ? fieldText(p, m.phone) : p.phone),
  };
}

/** The person as Gatehouse would store them, or why the row cannot be written (the first field that fails). */
export function mappedPerson(integ: Pick<Integration, 'mapping'>, p: DirectoryPerson): MappedRow {
  const values = mappedValues(integ, p);
  if (!values.email) return { ok: false, code: 'no_email' };
  if (!values.fullName) return { ok: false, code: 'no_name' };
  const person: MappedPerson = { fullName: values.fullName, email: values.email, phone: values.phone };
  for (const field of Object.keys(RULES) as MappedField[]) {
    const value = values[field];
    if (value === null) continue; // only the phone may be missing: a directory often has none
    const checked = v.safeParse(RULES[field], value);
    if (!checked.success)
      return { ok: false, code: 'field_invalid', params: { field, reason: checked.issues[0].message } };
    person[field] = checked.output;
  }
  return { ok: true, person };
}
