// MAP_TILE_URL: only a well-formed XYZ template counts, and only its origin joins img-src.
import { expect, it } from 'vitest';
import { mapTilesOf } from './map-tiles';
import { CONTENT_SECURITY_POLICY, directivesWith } from './security-headers';

it('reads a tile template and its attribution, and ignores a missing or malformed one', () => {
  expect(
    mapTilesOf({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OSM' }),
  ).toEqual({
    url: 'https://tiles.example.org/{z}/{x}/{y}.png',
    attribution: '© OSM',
    origin: 'https://tiles.example.org',
  });
  expect(mapTilesOf({})).toBeNull();
  expect(mapTilesOf({ MAP_TILE_URL: '' })).toBeNull();
  expect(mapTilesOf({ MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toBeNull();
  expect(mapTilesOf({ MAP_TILE_URL: 'javascript:{z}{x}{y}' })).toBeNull();
});

it('adds the tile host to img-src only when one is configured', () => {
  expect(directivesWith(undefined)).toBe(CONTENT_SECURITY_POLICY);
  const withTiles = directivesWith('https://tiles.example.org');
  expect(withTiles.imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.org']);
  expect(withTiles.connectSrc).toEqual(["'self'"]);
  expect(CONTENT_SECURITY_POLICY.imgSrc).not.toContain('https://tiles.example.org');
});
