// Field shapes shared by the row declarations (rows are what the server sends; loose objects,
// so a row may carry more than it declares without a device refusing it).
import * as v from 'valibot';

export const id = v.string();
export const ref = v.nullish(v.string());
export const text = v.nullish(v.string());
export const num = v.nullish(v.number());
export const flag = v.nullish(v.boolean());
export const json = v.optional(v.unknown());
/** A reference the server always sends, null when unset. */
export const refOrNull = v.nullable(v.string());
export const row = <E extends v.ObjectEntries>(entries: E) => v.looseObject({ id, ...entries });
