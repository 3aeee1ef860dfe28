// The tile arithmetic under the geofence preview: known tiles of the standard XYZ scheme.
import { describe, expect, it } from 'vitest';
import { offsetMetres, tileCorner, tilesAround, tileXY, tileZoom } from './geofence-math';

describe('map tiles for the geofence preview', () => {
  it('puts lat 0, long 0 at the top-left corner of tile 1/1 at zoom 1', () => {
    expect(tileXY({ lat: 0, long: 0 }, 1)).toEqual({ x: 1, y: 1 });
    const corner = tileCorner(1, 1, 1);
    expect(corner.lat).toBeCloseTo(0, 9);
    expect(corner.long).toBeCloseTo(0, 9);
  });

  it('finds London (51.5074, -0.1278) in tile 2046/1362 at zoom 12', () => {
    const t = tileXY({ lat: 51.5074, long: -0.1278 }, 12);
    expect([Math.floor(t.x), Math.floor(t.y)]).toEqual([2046, 1362]);
    // Its corners enclose the point.
    const nw = tileCorner(2046, 1362, 12);
    const se = tileCorner(2047, 1363, 12);
    expect(nw.lat).toBeGreaterThan(51.5074);
    expect(se.lat).toBeLessThan(51.5074);
    expect(nw.long).toBeLessThan(-0.1278);
    expect(se.long).toBeGreaterThan(-0.1278);
  });

  it('chooses a zoom from the extent, keeping a site zoom only when it would not ask for many tiles', () => {
    // About 680 m across 320 px at London: a 256 px tile at zoom 15 spans about 760 m.
    expect(tileZoom(51.5, 680, 320)).toBe(15);
    expect(tileZoom(51.5, 680, 320, 14)).toBe(14);
    expect(tileZoom(51.5, 680, 320, 22)).toBe(16);
    expect(tileZoom(0, 1e9, 320)).toBe(1);
  });

  it('covers the preview with the tiles around the centre, placed in metres east and north', () => {
    const centre = { lat: 51.5074, long: -0.1278 };
    const spots = tilesAround('https://t.example/{z}/{x}/{y}.png', centre, 400, 16);
    expect(spots.length).toBeGreaterThanOrEqual(4);
    expect(spots.length).toBeLessThanOrEqual(9);
    const home = tileXY(centre, 16);
    expect(spots.map((s) => s.url)).toContain(`https://t.example/16/${Math.floor(home.x)}/${Math.floor(home.y)}.png`);
    for (const s of spots) {
      expect(s.se.east).toBeGreaterThan(s.nw.east);
      expect(s.nw.north).toBeGreaterThan(s.se.north);
    }
    // Together they reach past the preview's edges.
    expect(Math.min(...spots.map((s) => s.nw.east))).toBeLessThanOrEqual(-400);
    expect(Math.max(...spots.map((s) => s.nw.north))).toBeGreaterThanOrEqual(400);
    expect(offsetMetres(centre, centre)).toEqual({ east: 0, north: 0 });
  });

  it('wraps x across the antimeridian', () => {
    const spots = tilesAround('{z}/{x}/{y}', { lat: 0, long: 179.999 }, 2000, 10);
    expect(spots.some((s) => s.url.startsWith('10/0/'))).toBe(true);
  });
});
