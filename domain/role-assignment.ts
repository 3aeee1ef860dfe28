// Who may give which role to whom (issue 11 item 1). One rule for every path that sets a role,
// archives, reactivates, deletes, edits or revokes a user, on the server and in the role pickers:
// - nobody assigns a role that allows a permission they do not hold themselves;
// - nobody changes a user whose current role allows a permission they do not hold (or an
//   employee could demote, archive or delete an admin);
// - nobody changes their own role;
// - the company owner cannot be archived, deleted, demoted or lose dashboard access except by
//   the tech-team account.
import { isAllowed, type PermissionMap } from './permissions';

export type RoleRefusal = 'role_above_own' | 'user_above_own' | 'own_role_locked' | 'owner_protected';

export interface Actor {
  userId: string;
  permissions: PermissionMap;
  /** The internal tech-team account (TECH_TEAM_EMAIL): the only one who may act on the owner. */
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

/** Any change to a user (details, archive, reactivate, delete, revoke): the target must not outrank the actor. */
export function refuseChangeOf(actor: Actor, target: TargetUser): RoleRefusal | null {
  if (actor.isTechTeam) return null;
  if (!withinPermissions(target.role.permissions, actor.permissions)) return 'user_above_own';
  return null;
}

/** Archive, delete or revoke dashboard access: also never the owner (but the tech team may). */
export function refuseRemovalOf(actor: Actor, target: TargetUser): RoleRefusal | null {
  if (target.isOwner && !actor.isTechTeam) return 'owner_protected';
  return refuseChangeOf(actor, target);
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
