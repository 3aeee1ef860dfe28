import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultPermissionsFor,
  isAllowed,
  PERMISSION_KEYS,
  ROLE_NAMES,
  type PermissionMap,
  type RoleName,
} from './permissions';
import {
  assignableRoles,
  refuseAssignment,
  refusePersonChange,
  refuseRemovalOf,
  refuseRoleEdit,
  type Actor,
  type TargetUser,
} from './role-assignment';

const role = (name: RoleName) => ({ id: name, permissions: defaultPermissionsFor(name) });
const actor = (name: RoleName, extra: Partial<Actor> = {}): Actor => ({
  userId: 'me',
  permissions: defaultPermissionsFor(name),
  isTechTeam: false,
  ...extra,
});
const user = (id: string, name: RoleName, isOwner = false): TargetUser => ({ id, isOwner, role: role(name) });

describe('role assignment', () => {
  it('refuses an employee making themselves system admin, and any role above their own', () => {
    const employee = actor('employee');
    expect(refuseAssignment(employee, user('me', 'employee'), role('system admin'))).toBe('own_role_locked');
    expect(refuseAssignment(employee, user('other', 'default users'), role('admin'))).toBe('role_above_own');
    expect(refuseAssignment(employee, null, role('system admin'))).toBe('role_above_own');
    expect(refuseAssignment(employee, user('other', 'default users'), role('employee'))).toBeNull();
  });

  it('lets nobody change their own role, admins included, but keeping it is fine', () => {
    expect(refuseAssignment(actor('admin'), user('me', 'admin'), role('employee'))).toBe('own_role_locked');
    expect(refuseAssignment(actor('employee'), user('me', 'employee'), role('employee'))).toBeNull();
  });

  it('protects the owner from demotion, archiving and revocation except by the tech team', () => {
    const owner = user('owner', 'admin', true);
    expect(refuseAssignment(actor('system admin'), owner, role('employee'))).toBe('owner_protected');
    expect(refuseAssignment(actor('system admin'), owner, role('system admin'))).toBeNull();
    expect(refuseRemovalOf(actor('system admin'), owner)).toBe('owner_protected');
    expect(refuseRemovalOf(actor('employee'), owner)).toBe('owner_protected');
    const tech = actor('system admin', { isTechTeam: true });
    expect(refuseAssignment(tech, owner, role('employee'))).toBeNull();
    expect(refuseRemovalOf(tech, owner)).toBeNull();
  });

  it('refuses changing a user who outranks the actor', () => {
    expect(refuseRemovalOf(actor('employee'), user('boss', 'system admin'))).toBe('user_above_own');
    expect(refuseAssignment(actor('employee'), user('boss', 'system admin'), role('default users'))).toBe(
      'user_above_own',
    );
    expect(refuseRemovalOf(actor('employee'), user('peer', 'employee'))).toBeNull();
    expect(refuseRemovalOf(actor('fire warden'), user('peer', 'employee'))).toBe('user_above_own');
  });

  it('offers in the pickers only the roles an actor may assign', () => {
    const roles = ROLE_NAMES.map(role);
    expect(assignableRoles(defaultPermissionsFor('employee'), roles).map((r) => r.id)).toEqual([
      'employee',
      'default users',
    ]);
    expect(assignableRoles(defaultPermissionsFor('admin'), roles)).toHaveLength(ROLE_NAMES.length);
  });

  const permissionMap = fc
    .dictionary(fc.constantFrom(...PERMISSION_KEYS), fc.constantFrom(0 as const, 1 as const))
    .map((m): PermissionMap =>
      Object.fromEntries(Object.entries(m).map(([k, allowed]) => [k, { pivot: { allowed } }])),
    );

  it('property: whatever a refused-free assignment grants, the actor already held (unless it keeps the current role)', () => {
    fc.assert(
      fc.property(
        permissionMap,
        permissionMap,
        permissionMap,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (mine, theirs, given, self, owner, sameRole) => {
          const me: Actor = { userId: 'me', permissions: mine, isTechTeam: false };
          const target: TargetUser = {
            id: self ? 'me' : 'them',
            isOwner: owner,
            role: { id: 'current', permissions: theirs },
          };
          const refusal = refuseAssignment(me, target, { id: sameRole ? 'current' : 'new', permissions: given });
          if (refusal !== null) return;
          // Allowed: the actor holds everything the target had and, for a real change, everything given.
          for (const key of PERMISSION_KEYS) {
            if (isAllowed(theirs, key)) expect(isAllowed(mine, key)).toBe(true);
            if (!sameRole && isAllowed(given, key)) expect(isAllowed(mine, key)).toBe(true);
          }
          if (!sameRole) expect(self).toBe(false);
          if (owner && !sameRole)
            for (const key of PERMISSION_KEYS) if (isAllowed(theirs, key)) expect(isAllowed(given, key)).toBe(true);
        },
      ),
    );
  });
});

describe('who may change this person', () => {
  it('refuses an employee every change to the owner, and a higher role anything', () => {
    const owner = user('owner', 'admin', true);
    for (const change of ['details', 'card', 'removal', 'two_step_reset'] as const)
      expect(refusePersonChange(actor('employee'), owner, change)).not.toBeNull();
    expect(refusePersonChange(actor('employee'), user('peer', 'employee'), 'card')).toBeNull();
  });

  it('leaves two-step resets to administrators, never on oneself', () => {
    expect(refusePersonChange(actor('employee'), user('peer', 'employee'), 'two_step_reset')).toBe('admin_only');
    expect(refusePersonChange(actor('admin'), user('peer', 'employee'), 'two_step_reset')).toBeNull();
    expect(refusePersonChange(actor('admin'), user('me', 'admin'), 'two_step_reset')).toBe('own_access_locked');
    expect(refusePersonChange(actor('admin'), user('me', 'admin'), 'removal')).toBe('own_access_locked');
    expect(refusePersonChange(actor('admin'), user('me', 'admin'), 'details')).toBeNull();
  });

  it('lets nobody grant a key they do not hold, nor edit a role that allows one', () => {
    const reporter = defaultPermissionsFor('employee with reporting');
    expect(refuseRoleEdit(reporter, defaultPermissionsFor('default users'), [...PERMISSION_KEYS])).toBe(
      'permission_above_own',
    );
    expect(refuseRoleEdit(reporter, defaultPermissionsFor('fire warden'), ['dashboard'])).toBe('permission_above_own');
    expect(refuseRoleEdit(reporter, defaultPermissionsFor('default users'), ['dashboard', 'users'])).toBeNull();
  });
});
