// Inviting a person to the dashboard needs a role, a site and a user type: the send button
// stays off until all three are chosen.
import { describe, expect, it } from 'vitest';
import { refsComplete } from './invite-fields';

describe('the invitation’s choices', () => {
  it('are complete only with a role, a site and a user type', () => {
    expect(refsComplete({ role_id: 'r', site_id: 's', user_type_id: 't' })).toBe(true);
    expect(refsComplete({ role_id: 'r', site_id: 's', user_type_id: null })).toBe(false);
    expect(refsComplete({ role_id: '', site_id: 's', user_type_id: 't' })).toBe(false);
    expect(refsComplete({ role_id: 'r', site_id: null, user_type_id: 't' })).toBe(false);
  });
});
