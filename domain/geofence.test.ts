import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkGeofence, distanceMeters } from './geofence';

const gate = { lat: 51.5007, long: -0.1246, radius: 200 };

describe('site geofence', () => {
  it('lets a phone 100 m from the centre in and refuses one 1 km away with how far out it is', () => {
    // 0.0009° of latitude is about 100 m.
    expect(checkGeofence(gate, { lat: 51.5016, long: -0.1246 })).toMatchObject({ inside: true });
    const far = checkGeofence(gate, { lat: 51.5097, long: -0.1246 });
    expect(far).toMatchObject({ inside: false, code: 'remote.outside_geofence' });
    expect(far.distance).toBeGreaterThan(780);
    expect(far.distance).toBeLessThan(820);
  });

  it('refuses when the site has no geofence', () => {
    expect(checkGeofence({ lat: 1, long: 1, radius: null }, { lat: 1, long: 1 })).toEqual({
      inside: false,
      distance: null,
      code: 'remote.no_geofence',
    });
  });

  it('measures the same both ways and zero to itself', () => {
    const pos = fc.record({
      lat: fc.double({ min: -89, max: 89, noNaN: true }),
      long: fc.double({ min: -179, max: 179, noNaN: true }),
    });
    fc.assert(
      fc.property(pos, pos, (a, b) => {
        expect(distanceMeters(a, a)).toBe(0);
        expect(Math.abs(distanceMeters(a, b) - distanceMeters(b, a))).toBeLessThan(1e-6);
      }),
    );
  });
});
