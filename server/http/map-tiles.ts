// Map tiles for the geofence preview: there is no tile server here, so tiles show only
// when MAP_TILE_URL names one (an XYZ template, e.g. https://tiles.example.org/{z}/{x}/{y}.png).
// Read from the environment where it is needed (the CSP and GET /api/map-tiles) so the two
// always agree; a malformed value counts as unset rather than stopping the server.
export interface MapTiles {
  url: string;
  attribution: string;
  /** The tile host's origin, the only one the CSP's img-src gains. */
  origin: string;
}

export function mapTilesOf(env: Record<string, string | undefined> = process.env): MapTiles | null {
  const url = env.MAP_TILE_URL?.trim();
  if (!url || !['{z}', '{x}', '{y}'].every((part) => url.includes(part))) return null;
  try {
    const parsed = new URL(url.replace(/\{[xyz]\}/g, '0'));
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return { url, attribution: env.MAP_TILE_ATTRIBUTION?.trim() ?? '', origin: parsed.origin };
  } catch {
    return null;
  }
}
