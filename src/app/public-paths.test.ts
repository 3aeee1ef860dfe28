// The entry picks the light public root by pattern; it must agree with the route table.
import { describe, expect, it } from 'vitest';
import { findRoute } from '../../domain/routes';
import { LIGHT_PUBLIC_MODULES } from './public-pages';
import { lightPublicPath } from '../../domain/public-paths';

const ADDRESSES = [
  '/login',
  '/login/',
  '/forgot-password',
  '/reset-password/abc123',
  '/e',
  '/e/01a2',
  '/pre-registration',
  '/pre-registration/01a2',
  '/pre-registration/01a2/success',
  '/pre-registration/success',
  '/',
  '/users',
  '/kiosk-register',
  '/logout',
  '/c/abc/123',
  '/link-expired',
  '/online-compliance/01a2',
  '/e/01a2/extra',
  '/reset-password',
];

describe('light public paths', () => {
  it.each(ADDRESSES)('%s opens in the light root exactly when its route is a light one', (address) => {
    const route = findRoute(address)?.path;
    const light = route !== undefined && Object.hasOwn(LIGHT_PUBLIC_MODULES, route) ? route : undefined;
    expect(lightPublicPath(address)).toBe(light);
  });
});
