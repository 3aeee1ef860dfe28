import { describe, expect, it } from 'vitest';
import { defaultSiteTimeZone } from './site-time-zone';

const zones = ['Asia/Dubai', 'Europe/Madrid', 'UTC'];

describe("a new site's time zone", () => {
  it("takes the browser's zone for a company's first site, not UTC", () => {
    expect(defaultSiteTimeZone([], 'Asia/Dubai', zones)).toEqual({ zone: 'Asia/Dubai', source: 'browser' });
  });
  it("takes the zone the company's sites use most", () => {
    expect(defaultSiteTimeZone(['Europe/Madrid', 'Europe/Madrid', 'Asia/Dubai'], 'Asia/Dubai', zones)).toEqual({
      zone: 'Europe/Madrid',
      source: 'sites',
    });
  });
  it('falls back to UTC only when nothing is known', () => {
    expect(defaultSiteTimeZone([null], 'Mars/Olympus', zones)).toEqual({ zone: 'UTC', source: 'none' });
  });
});
