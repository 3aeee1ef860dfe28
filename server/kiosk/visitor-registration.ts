// A new visitor registered at a kiosk (kiosk.journey, and person.register from older builds):
// the type must allow registration at a kiosk, the photo is checked by its content, and email
// and phone are unique within the company.
import { and, eq, or } from 'drizzle-orm';
import type { RegistrationMethod } from '../../domain/journey';
import type { RegisterPersonArgs } from '../../domain/kiosk-mutations';
import { userTypes } from '../db/schema/journeys';
import { roles, users } from '../db/schema/people';
import { ApiError, notFound } from '../http/api-error';
import { personChange } from '../people/people.projections';
import type { ApplyContext } from '../sync/handlers';
import { checkKioskPhoto } from './kiosk-checks';

/** Registers the person; answers the registration method of their type (it decides approval). */
export async function registerVisitor(
  a: ApplyContext,
  args: RegisterPersonArgs,
): Promise<{ method: RegistrationMethod; userTypeId: string }> {
  const entityId = a.ctx.entityId;
  const [type] = await a.tx
    .select()
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), eq(userTypes.id, args.userTypeId)));
  if (!type) throw notFound();
  const method = type.registrationMethod as RegistrationMethod;
  if (method === 'pre-registered by admin' || method === 'pre-registered only')
    throw new ApiError(403, 'registration_unavailable');
  // What is stored is the decoded photo's re-encoding, never the bytes as sent.
  const photo = args.photo ? await checkKioskPhoto(args.photo) : null;
  const email = args.email.toLowerCase();
  const clash = await a.tx
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(and(eq(users.entityId, entityId), or(eq(users.email, email), eq(users.phone, args.phone))));
  if (clash.some((c) => c.email === email)) throw new ApiError(400, 'email_exists', { email: ['errors.email_exists'] });
  if (clash.length) throw new ApiError(400, 'phone_exists', { phone: ['errors.phone_exists'] });
  const [role] = await a.tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.entityId, entityId), eq(roles.name, 'default users')));
  if (!role) throw notFound();
  const [row] = await a.tx
    .insert(users)
    .values({
      entityId,
      id: args.personId,
      email,
      phone: args.phone,
      fullName: `${args.firstName} ${args.lastName}`,
      roleId: role.id,
      userTypeId: type.id,
      image: photo,
      updatedAt: a.receivedAt,
    })
    .onConflictDoNothing()
    .returning();
  if (row) a.change(personChange(row));
  return { method, userTypeId: type.id };
}
