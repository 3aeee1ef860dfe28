// Display truncation rules from spec 1 §2 (top bar and side menu).
import { COMPANY_NAME_KEEP, FULL_NAME_KEEP, FULL_NAME_TRUNCATE_OVER } from './constants';

export const ELLIPSIS = '...';

/** Longer than 14 characters: the first 12, trimmed, plus an ellipsis. */
export function truncateFullName(fullName: string): string {
  if (fullName.length <= FULL_NAME_TRUNCATE_OVER) return fullName;
  return fullName.slice(0, FULL_NAME_KEEP).trim() + ELLIPSIS;
}

/** The company name in the side menu: 16 characters plus an ellipsis. */
export function truncateCompanyName(name: string): string {
  if (name.length <= COMPANY_NAME_KEEP) return name;
  return name.slice(0, COMPANY_NAME_KEEP) + ELLIPSIS;
}

/** The user's initial for the avatar in the user menu. */
export function initialOf(fullName: string): string {
  const first = fullName.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : '?';
}
