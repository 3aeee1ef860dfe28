// Who may give which role to whom. One rule for every path that sets a role,
// archives, reactivates, deletes, edits or revokes a user, on the server and in the role pickers:
// - nobody assigns a role that allows a permission they do not hold themselves;
// - nobody changes a user whose current role allows a permission they do not hold (or an
//   employee could demote, archive or delete an admin);
// - nobody changes their own role;
// - the company owner cannot be archived, deleted, demoted or lose dashboard access except by
//   the tech-team account.
import { isAllowed, PERMISSION_KEYS, type PermissionMap } from './permissions';

export type RoleRefusal =
  'role_above_own' | 'user_above_own' | 'own_role_locked' | 'owner_protected' | 'own_access_locked' | 'admin_only';

/**
 * What a route does to a person. Every route that changes a person names one:
 * - details: name, phone, e-mail, type, labels, photo, custom fields, import rows, merges;
 * - card: their RFID card or an enrolment link for it;
 * - removal: archive, delete or revoke dashboard access;
 * - two_step_reset: turn their second factor off and end their sessions.
 */
export type PersonChange = 'details' | 'card' | 'removal' | 'two_step_reset' | 'resources';

export interface Actor {
  userId: string;
  permissions: PermissionMap;
  /** Platform staff (users.platform_staff, never the e-mail): the only one who may act on the owner. */
  isTechTeam: boolean;
}

export interface RoleFacts {
  id: string;
  permissions: PermissionMap;
}

export interface TargetUser {
  id: string;
  isOwner: boolean;
  role: RoleFacts;
}

/** The keys a permission map allows (allowed === 1). */
export function allowedKeys(permissions: PermissionMap): string[] {
  return Object.keys(permissions).filter((key) => isAllowed(permissions, key));
}

/** True when every permission `role` allows is allowed to `holder` too. */
export function withinPermissions(role: PermissionMap, holder: PermissionMap): boolean {
  return allowedKeys(role).every((key) => isAllowed(holder, key));
}

/** The roles an actor may hand out (the pickers offer only these). */
export function assignableRoles<R extends { permissions: PermissionMap }>(
  actor: PermissionMap,
  roles: readonly R[],
): R[] {
  return roles.filter((role) => withinPermissions(role.permissions, actor));
}

/** An administrator: a role that allows every permission key there is. */
export function isAdministrator(permissions: PermissionMap): boolean {
  return PERMISSION_KEYS.every((key) => isAllowed(permissions, key));
}

/**
 * The one rule for "who may change this person":
 * - nobody changes someone whose role allows a key they do not hold (so only admins change admins);
 * - nobody removes the owner, and only an administrator resets someone's second factor;
 * - nobody removes their own access or resets their own second factor (their details they may edit).
 * Platform staff pass the role rules (they look after companies), never the self rules.
 */
export function refusePersonChange(actor: Actor, target: TargetUser, change: PersonChange): RoleRefusal | null {
  // The user types and areas one may act on are privilege too: never one's own to widen.
  const privileged = change === 'removal' || change === 'two_step_reset' || change === 'resources';
  if (privileged && target.id === actor.userId) return 'own_access_locked';
  if (actor.isTechTeam) return null;
  if (change === 'two_step_reset' && !isAdministrator(actor.permissions)) return 'admin_only';
  if (change === 'removal' && target.isOwner) return 'owner_protected';
  if (!withinPermissions(target.role.permissions, actor.permissions)) return 'user_above_own';
  return null;
}

/** Any change to a user's details (or a reactivation): the target must not outrank the actor. */
export function refuseChangeOf(actor: Actor, target: TargetUser): RoleRefusal | null {
  return refusePersonChange(actor, target, 'details');
}

/** Archive, delete or revoke dashboard access: also never the owner (but the tech team may). */
export function refuseRemovalOf(actor: Actor, target: TargetUser): RoleRefusal | null {
  return refusePersonChange(actor, target, 'removal');
}

/**
 * Giving `role` to `target` (null: a user being created). Keeping the role a user already has
 * is no assignment, so an edit form that resends the current role passes the role rules.
 */
export function refuseAssignment(actor: Actor, target: TargetUser | null, role: RoleFacts): RoleRefusal | null {
  if (target) {
    const change = refuseChangeOf(actor, target);
    if (change) return change;
    if (target.role.id === role.id) return null;
    if (target.id === actor.userId) return 'own_role_locked';
    // A demotion takes away something the owner's role allowed.
    if (target.isOwner && !actor.isTechTeam && !withinPermissions(target.role.permissions, role.permissions))
      return 'owner_protected';
  }
  if (!withinPermissions(role.permissions, actor.permissions)) return 'role_above_own';
  return null;
}

/**
 * Editing which keys a role allows: nobody grants a key they do not hold, and
 * nobody edits a role that already allows one (that would hand it out again, or take it away
 * from those who hold more than the editor).
 */
export function refuseRoleEdit(
  editor: PermissionMap,
  current: PermissionMap,
  nextAllowed: readonly string[],
): 'permission_above_own' | null {
  if (!withinPermissions(current, editor)) return 'permission_above_own';
  if (nextAllowed.some((key) => !isAllowed(editor, key))) return 'permission_above_own';
  return null;
}
