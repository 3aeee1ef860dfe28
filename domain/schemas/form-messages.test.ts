// Forms say what is wrong, once per field.
import { describe, expect, it } from 'vitest';
import { parse } from '../validation';
import { userInput, userTypeInput } from './people';

describe('form messages', () => {
  it('an empty user-type select is required, not "not valid"; one message per field', () => {
    const r = parse(userTypeInput, { name: '', registration_method: '', grace_period: 20 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    for (const messages of Object.values(r.errors)) expect(messages).toHaveLength(1);
    expect(r.errors.grace_period).toEqual(['validation.grace_period']);
  });
  it('a user without a user type is told the type is required', () => {
    const r = parse(userInput, {
      full_name: 'Ann Able',
      email: 'ann@example.com',
      phone: '07700900000',
      user_type_id: '',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.user_type_id).toEqual(['validation.required']);
  });
});
