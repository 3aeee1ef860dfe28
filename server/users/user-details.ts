// Database rows → the UserDetails wire shape of domain/session.ts.
import { isLanguage } from '../../domain/i18n';
import type { EntitySummary, UserDetails } from '../../domain/session';
import type { EntityRow, UserWithRole } from './users.repo';

export function toEntitySummary(entity: EntityRow): EntitySummary {
  return {
    id: entity.id,
    name: entity.name,
    subdomain: entity.subdomain,
    logo: entity.logo,
    package: entity.package,
    plan: entity.plan,
    subscription: entity.subscription,
    owner_id: entity.ownerId,
    otp_roles: entity.otpRoles,
    copyright: entity.copyright,
  };
}

export function toUserDetails({ user, role, entity }: UserWithRole): UserDetails {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    image: user.image,
    lang: isLanguage(user.lang) ? user.lang : 'en',
    is_otp_enabled: user.isOtpEnabled,
    passport_id: user.passportId,
    // The platform's flag, never the e-mail: a company can rename anyone.
    isTechTeam: user.platformStaff,
    isOwner: entity.ownerId === user.id,
    role: { id: role.id, name: role.name, permissions: role.permissions },
    entity: toEntitySummary(entity),
  };
}
