// The shared parse refuses text PostgreSQL cannot store, naming the field, wherever it sits
// in the payload; the sync push can use unstorableTextErrors on its own.
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { parse, unstorableTextErrors } from './validation';

const schema = v.object({
  name: v.string(),
  tags: v.array(v.string()),
  extra: v.optional(v.record(v.string(), v.unknown())),
});

describe('parse and unstorable text', () => {
  it('accepts ordinary text in any script, emoji included', () => {
    expect(parse(schema, { name: 'Zoë نور 😀', tags: ['ñ'] })).toEqual({
      ok: true,
      value: { name: 'Zoë نور 😀', tags: ['ñ'] },
    });
  });

  it('refuses U+0000 with a field message at its path', () => {
    expect(parse(schema, { name: 'a\u0000b', tags: [] })).toEqual({
      ok: false,
      errors: { name: ['validation.text_characters'] },
    });
    expect(parse(schema, { name: 'a', tags: ['ok', 'x\u0000'] })).toEqual({
      ok: false,
      errors: { 'tags.1': ['validation.text_characters'] },
    });
    expect(parse(schema, { name: 'a', tags: [], extra: { deep: [{ k: '\u0000' }] } })).toEqual({
      ok: false,
      errors: { 'extra.deep.0.k': ['validation.text_characters'] },
    });
  });

  it('refuses a NUL in an object key and unpaired surrogates, but not a paired one', () => {
    expect(unstorableTextErrors({ extra: { 'k\u0000': 1 } })).toEqual({ extra: ['validation.text_characters'] });
    expect(unstorableTextErrors({ a: '\ud83d', b: 'x\ude00' })).toEqual({
      a: ['validation.text_characters'],
      b: ['validation.text_characters'],
    });
    expect(unstorableTextErrors({ a: '\ud83d\ude00' })).toBeNull();
  });

  it('walks deeply nested input without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    const errors = unstorableTextErrors(deep);
    expect(Object.values(errors ?? {})).toEqual([['validation.text_characters']]);
  });
});
