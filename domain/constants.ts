// Business constants from spec 1 §9 and spec 2 §9, in one place.

export const LANGUAGES = ['en', 'ar', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
export const LANGUAGE_STORAGE_KEY = 'language';

export const PLANS = { lite: 1, professional: 2, enterprise: 3 } as const;
export type PlanId = (typeof PLANS)[keyof typeof PLANS];

export const PACKAGES = ['Cloud', 'Standalone'] as const;
export type PackageType = (typeof PACKAGES)[number];

export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
export const EXPORT_LIST_COUNT = 100;

export const REQUEST_TIMEOUT_MS = 1_000_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SOCKET_RECONNECT_MS = 3_000;
export const LOADER_HIDE_MS = 500;
export const BACK_RELOAD_MS = 500;

export const FULL_NAME_TRUNCATE_OVER = 14;
export const FULL_NAME_KEEP = 12;
export const COMPANY_NAME_KEEP = 16;

export const NOTES_MIN = 20;
export const NAME_MIN = 2;
export const GRACE_PERIOD_MIN_MINUTES = 30;
export const COMPLIANCE_LEAD_MIN_MINUTES = 5;
export const REMINDER_MIN_MINUTES = 30;
export const PHONE_MAX = 20;
export const REASON_NAME_MAX = 20;

export const DEFAULT_TEMPERATURE_C = 36;

/** The internal tech-team account's e-mail (spec 1 §6), for the seed only: what makes it platform staff
 * is users.platform_staff, never this address, which any company may also use. */
export const TECH_TEAM_EMAIL = 'tech-team@gatehouse.internal';

/** Session tokens live this long (decision recorded in docs/decisions.md). */
export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/** Demo password; refused when NODE_ENV=production. */
export const DEMO_PASSWORD = 'gatehouse-demo';

/** The kiosk's route: a reception tablet opens the app here and loads only the kiosk. */
export const KIOSK_PATH = '/kiosk-register';
