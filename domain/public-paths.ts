// The public pages that open through the light entry (src/app/public-root.tsx) instead of the
// admin app: the login and a visitor's pre-registration, measured by `npm run bench:lighthouse`.
// Patterns only, not domain/routes' table nor the pages' imports (src/app/public-pages.ts): this
// file is in the entry chunk every route loads, the kiosk's too (src/app/public-paths.test.ts checks
// the patterns pick the route domain/routes' findRoute picks). The server reads it too: a light
// page's HTML names its chunks as preloads (server/http/static.ts).

export type LightPath =
  | '/login'
  | '/forgot-password'
  | '/reset-password/:token'
  | '/e/:id?'
  | '/pre-registration/:id?'
  | '/pre-registration/:id?/success';

/** In findRoute's order of preference: literal segments first (…/success before …/:id?). */
const PATTERNS: ReadonlyArray<[RegExp, LightPath]> = [
  [/^\/login\/?$/i, '/login'],
  [/^\/forgot-password\/?$/i, '/forgot-password'],
  [/^\/reset-password\/[^/]+\/?$/i, '/reset-password/:token'],
  [/^\/e(\/[^/]+)?\/?$/i, '/e/:id?'],
  [/^\/pre-registration\/[^/]+\/success\/?$/i, '/pre-registration/:id?/success'],
  [/^\/pre-registration(\/[^/]+)?\/?$/i, '/pre-registration/:id?'],
];

/** The light route of this address, or undefined when the admin app opens it. */
export function lightPublicPath(pathname: string): LightPath | undefined {
  return PATTERNS.find(([pattern]) => pattern.test(pathname))?.[1];
}

/** The build's chunks of the light pages (scripts/light-chunks.ts): `core` for the login and the
 * password pages, `visit` for pre-registration (which also loads `core`). */
export type LightChunkGroup = 'core' | 'visit';

export function lightChunkGroup(path: LightPath): LightChunkGroup {
  return path === '/e/:id?' || path.startsWith('/pre-registration') ? 'visit' : 'core';
}
