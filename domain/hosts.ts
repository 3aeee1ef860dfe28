// Who may host a visit: a person of a host-capable user type, never a
// visitor. A flow may list its host types (settings.host_user_type_ids); when it lists none,
// the host types are those the company enters itself ("pre-registered by admin", its staff),
// not the types people register into themselves. One rule for the admin form, the public
// form's host search and the server's check.
import { readFlowSettings, type RegistrationMethod } from './journey';

export const HOST_REGISTRATION_METHODS: readonly RegistrationMethod[] = ['pre-registered by admin'];

export function hostTypeIds(
  types: ReadonlyArray<{ id: string; registrationMethod: string | null }>,
  flowSettings: unknown,
): Set<string> {
  const listed = readFlowSettings(flowSettings).host_user_type_ids;
  if (listed.length) return new Set(listed);
  return new Set(
    types
      .filter((t) => (HOST_REGISTRATION_METHODS as readonly string[]).includes(t.registrationMethod ?? ''))
      .map((t) => t.id),
  );
}

export function isHostPerson(
  person: { userTypeId?: string | null; archived?: boolean | null },
  hostTypes: ReadonlySet<string>,
): boolean {
  return !person.archived && typeof person.userTypeId === 'string' && hostTypes.has(person.userTypeId);
}
