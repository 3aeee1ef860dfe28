// The stored login (localStorage "user", spec: data.access_token) and a React hook that
// follows it across tabs. Storage is injected so the logic stays testable in node.
import { useSyncExternalStore } from 'react';
import type { GuardUser } from '../../domain/guards';
import { USER_STORAGE_KEY, type StoredUser } from '../../domain/session';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: StoredUser | null = null;

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** Parses the stored body; anything malformed counts as logged out. */
export function parseStoredUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredUser;
    return value?.data?.access_token && value.data.user?.entity ? value : null;
  } catch {
    return null;
  }
}

export function readStoredUser(): StoredUser | null {
  const raw = storage()?.getItem(USER_STORAGE_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parseStoredUser(raw);
  }
  return cachedUser;
}

export function writeStoredUser(user: StoredUser): void {
  storage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  listeners.forEach((l) => l());
}

export function clearStoredUser(): void {
  storage()?.removeItem(USER_STORAGE_KEY);
  listeners.forEach((l) => l());
}

export function accessToken(): string | undefined {
  return readStoredUser()?.data.access_token;
}

/** The shape the domain guards need. */
export function guardUserOf(stored: StoredUser | null): GuardUser | null {
  if (!stored) return null;
  const user = stored.data.user;
  return { package: user.entity.package, permissions: user.role.permissions ?? {}, isTechTeam: user.isTechTeam };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, readStoredUser, () => null);
}
