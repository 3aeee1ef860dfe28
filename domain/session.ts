// The logged-in user as the API returns it and the app stores it (localStorage "user").
import type { Language, PackageType } from './constants';
import type { PermissionMap } from './permissions';

export interface EntitySummary {
  id: string;
  name: string;
  subdomain: string;
  logo: string | null;
  package: PackageType | null;
  plan: number;
  subscription: 'cloud' | 'standalone';
  owner_id: string | null;
  otp_roles: string[];
  copyright: string;
}

export interface UserDetails {
  id: string;
  email: string;
  fullName: string;
  image: string | null;
  lang: Language;
  is_otp_enabled: boolean;
  passport_id: string | null;
  isTechTeam: boolean;
  isOwner: boolean;
  role: { id: string; name: string; permissions: PermissionMap };
  entity: EntitySummary;
}

/** Body of POST /api/login, stored as-is under the local key "user" (spec: data.access_token). */
export interface StoredUser {
  data: { access_token: string; expires_at: number; user: UserDetails };
}

export const USER_STORAGE_KEY = 'user';
