// Local flat projection for the geofence preview: metres east and north of the site's centre.
// Good to well under 1% within a few kilometres, which is all a site's circle needs.
const METRES_PER_DEGREE = 111_320;

export interface Point {
  lat: number;
  long: number;
}

export function offsetMetres(centre: Point, p: Point): { east: number; north: number } {
  const east = (p.long - centre.long) * METRES_PER_DEGREE * Math.cos((centre.lat * Math.PI) / 180);
  const north = (p.lat - centre.lat) * METRES_PER_DEGREE;
  return { east, north };
}

/** A round scale-bar length (1, 2 or 5 × 10^n metres) no longer than `max`. */
export function niceLength(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [5, 2, 1]) if (step * power <= max) return step * power;
  return power;
}

export const formatMetres = (m: number): string => (m >= 1000 ? `${m / 1000} km` : `${m} m`);

// Web-Mercator (XYZ) tiles under the preview, when a tile server is configured (256 px tiles).
const EQUATOR_METRES_PER_PIXEL = 156_543.03392; // at zoom 0

/** Fractional tile coordinates of a point at zoom `z` (Math.floor gives the tile). */
export function tileXY(p: Point, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const lat = (Math.max(-85.0511, Math.min(85.0511, p.lat)) * Math.PI) / 180;
  return {
    x: ((p.long + 180) / 360) * n,
    y: ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n,
  };
}

/** The north-west corner of tile (x, y) at zoom `z`. */
export function tileCorner(x: number, y: number, z: number): Point {
  const n = 2 ** z;
  return { lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI, long: (x / n) * 360 - 180 };
}

/**
 * The zoom whose tiles show near their natural size when `extent` metres fill `pixels`; a site's own
 * zoom is honoured but never more than one level finer, which would ask for many tiles.
 */
export function tileZoom(lat: number, extent: number, pixels: number, preferred?: number | null): number {
  const fit = Math.round(Math.log2((EQUATOR_METRES_PER_PIXEL * Math.cos((lat * Math.PI) / 180) * pixels) / extent));
  const z = preferred ? Math.min(preferred, fit + 1) : fit;
  return Math.max(1, Math.min(19, z));
}

export interface TileSpot {
  url: string;
  key: string;
  /** Offsets in metres of the tile's north-west and south-east corners from the centre. */
  nw: { east: number; north: number };
  se: { east: number; north: number };
}

/** The tiles covering `half` metres each way of the centre at zoom `z`, with where each sits. */
export function tilesAround(template: string, centre: Point, half: number, z: number): TileSpot[] {
  const n = 2 ** z;
  const dLat = half / METRES_PER_DEGREE;
  const dLong = half / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((centre.lat * Math.PI) / 180)));
  const nw = tileXY({ lat: centre.lat + dLat, long: centre.long - dLong }, z);
  const se = tileXY({ lat: centre.lat - dLat, long: centre.long + dLong }, z);
  const spots: TileSpot[] = [];
  for (let y = Math.max(0, Math.floor(nw.y)); y <= Math.min(n - 1, Math.floor(se.y)); y++)
    for (let x = Math.floor(nw.x); x <= Math.floor(se.x); x++) {
      const wrapped = ((x % n) + n) % n; // across the antimeridian
      spots.push({
        url: template.replace('{z}', String(z)).replace('{x}', String(wrapped)).replace('{y}', String(y)),
        key: `${z}/${x}/${y}`,
        nw: offsetMetres(centre, tileCorner(x, y, z)),
        se: offsetMetres(centre, tileCorner(x + 1, y + 1, z)),
      });
    }
  return spots;
}
