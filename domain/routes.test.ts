import { describe, expect, it } from 'vitest';
import { findRoute, matchPath } from './routes';

describe('route matching', () => {
  it('reads optional and required params', () => {
    expect(matchPath('/sso/:id?/:atex?/:entityId?/:ip?', '/sso')).toEqual({});
    expect(matchPath('/sso/:id?/:atex?/:entityId?/:ip?', '/sso/1/2')).toEqual({ id: '1', atex: '2' });
    expect(matchPath('/rfid/:code', '/rfid')).toBeNull();
    expect(matchPath('/emergency-sessions/:sessionName/:sessionId', '/emergency-sessions/Fire%20drill/9')).toEqual({
      sessionName: 'Fire drill',
      sessionId: '9',
    });
  });
  it('prefers literal segments, so /success is its own page', () => {
    expect(findRoute('/pre-registration/abc/success')?.title).toBe('preRegistrationSuccess');
    expect(findRoute('/pre-registration/abc')?.title).toBe('preRegistration');
    expect(findRoute('/pre-registration')?.title).toBe('preRegistration');
  });
  it('finds nothing for unknown paths', () => {
    expect(findRoute('/nowhere')).toBeUndefined();
    expect(findRoute('/users/import/details')).toBeUndefined();
  });
});
