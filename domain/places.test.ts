import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signAreaQr, verifyAreaQr } from './area-token';
import { areaRequest, fireAlarmRefusal, isTimeZone, parentLoops, siteRequest } from './places';
import { toBase64Url } from './qr-token';
import { parse } from './validation';

const fire = { active_io_port: 1, passive_io_port: null, high_voltage_threshold: 12 };

describe('sites and areas', () => {
  it('knows IANA time zones, daylight-saving ones included, and refuses made-up ones', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('a site needs a name, a position on Earth and a radius; the zone defaults to UTC', () => {
    const ok = parse(siteRequest, { name: ' Depot ', lat: 51.5, long: -0.12, radius: 200 });
    expect(ok).toMatchObject({ ok: true, value: { name: 'Depot', time_zone: 'UTC', zoom: 15 } });
    const bad = parse(siteRequest, { name: 'D', lat: 91, long: 181, radius: 0 });
    expect(bad.ok ? [] : Object.keys(bad.errors).sort()).toEqual(['lat', 'long', 'name', 'radius']);
  });

  it('refuses a fire alarm without the local sync IP, the port and an IO port (spec 1 §5)', () => {
    expect(fireAlarmRefusal({ fire_alarm: null })).toBeNull();
    expect(fireAlarmRefusal({ local_sync_ip: '10.0.0.2', local_sync_port: 80, fire_alarm: fire })).toBeNull();
    expect(fireAlarmRefusal({ local_sync_port: 80, fire_alarm: fire })).toBe('validation.site_fire_alarm');
    expect(fireAlarmRefusal({ local_sync_ip: '10.0.0.2', fire_alarm: fire })).toBe('validation.site_fire_alarm');
    expect(
      fireAlarmRefusal({
        local_sync_ip: '10.0.0.2',
        local_sync_port: 80,
        fire_alarm: { ...fire, active_io_port: null },
      }),
    ).toBe('validation.site_fire_alarm');
    const r = parse(areaRequest, {
      name: 'Boiler',
      fire_alarm: { ...fire, action_on_fire: 'open door', trigger_on: 'low' },
    });
    expect(r.ok ? null : r.errors.fire_alarm).toEqual(['validation.site_fire_alarm']);
  });

  it('finds every loop in a parent chain and none in a tree', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 0, max: 11 }), (n, k) => {
        // A chain a0 ← a1 ← … ← a(n-1): making a0's parent any of its descendants loops.
        const parentOf = (id: string) => (id === 'a0' ? null : `a${Number(id.slice(1)) - 1}`);
        const descendant = `a${1 + (k % (n - 1))}`;
        expect(parentLoops('a0', descendant, parentOf)).toBe(true);
        expect(parentLoops(`a${n}`, `a${n - 1}`, parentOf)).toBe(false);
      }),
    );
  });

  it('signs an area QR that verifies offline, and refuses a changed or foreign one', async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
    const raw = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
    const claims = {
      kid: '0190a0b0-0000-7000-8000-000000000001',
      entityId: '0190a0b0-0000-7000-8000-000000000002',
      siteId: '0190a0b0-0000-7000-8000-000000000003',
      areaId: '0190a0b0-0000-7000-8000-000000000004',
    };
    const token = await signAreaQr(crypto.subtle, pkcs8, claims);
    const o = { subtle: crypto.subtle, publicKeyOf: () => raw };
    expect(await verifyAreaQr(token, { ...o, entityId: claims.entityId })).toEqual({ ok: true, claims });
    const [p, c, s] = token.split('.');
    const other = btoa(JSON.stringify({ k: claims.kid, e: claims.entityId, s: claims.siteId, a: claims.siteId }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(await verifyAreaQr(`${p}.${other}.${s}`, o)).toEqual({ ok: false, code: 'qr_invalid' });
    expect(await verifyAreaQr(`${p}.${c}.${s}`, { ...o, entityId: claims.siteId })).toEqual({
      ok: false,
      code: 'qr_wrong_entity',
    });
    expect(await verifyAreaQr('GH1.x.y', o)).toEqual({ ok: false, code: 'qr_invalid' });
  });
});
