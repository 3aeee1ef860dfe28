// Authentication calls (spec 2 §7): login, logout, user details, role, language.
import type { Language } from '../../domain/constants';
import type { PermissionMap } from '../../domain/permissions';
import type { StoredUser, UserDetails } from '../../domain/session';
import type { HttpClient } from './http';

export interface LoginInput {
  email: string;
  password: string;
  subdomain?: string;
  /** The two-step code, on the second call. */
  code?: string;
}

export function login(client: HttpClient, input: LoginInput) {
  const body = {
    email: input.email,
    password: input.password,
    ...(input.subdomain ? { subdomain: input.subdomain } : {}),
    ...(input.code ? { code: input.code } : {}),
  };
  return client.post<StoredUser>('/login', body);
}

export function logout(client: HttpClient) {
  return client.get<unknown>('/logout', { timeoutMs: 3_000 });
}

export function userDetails(client: HttpClient) {
  return client.get<{ data: UserDetails }>('/user_details');
}

export function userRole(client: HttpClient) {
  return client.get<{ data: { role: { id: string; name: string }; permissions: PermissionMap } }>('/user-role');
}

export function changeLanguage(client: HttpClient, lang: Language) {
  return client.post<unknown>('/change-lang', { lang }, { timeoutMs: 2_000 });
}
