import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { celsius, checkTemperature, parseTemperature, toCelsius, toFahrenheit } from './temperature';

describe('temperature', () => {
  it('defaults to 36 °C when nothing is typed', () => {
    expect(parseTemperature('  ')).toMatchObject({ unit: 'c', celsius: 36 });
  });
  it('reads a value containing F as Fahrenheit and converts it', () => {
    expect(parseTemperature('99.5F')).toMatchObject({ unit: 'f', celsius: 37.5 });
    expect(parseTemperature('98,6 °f')).toMatchObject({ unit: 'f', celsius: 37 });
  });
  it('reads a value over 85 as Fahrenheit even without the F', () => {
    expect(parseTemperature('86')).toMatchObject({ unit: 'f', celsius: 30 });
    expect(parseTemperature('85')).toMatchObject({ unit: 'c', celsius: 85 });
  });
  it('refuses what is not a number', () => {
    expect(parseTemperature('hot')).toBeNull();
    expect(checkTemperature('hot', 37.5)).toEqual({ ok: false, code: 'temperature.invalid' });
  });
  it('refuses 99.5 F against a 37.5 °C threshold, accepts 36.6', () => {
    expect(checkTemperature('99.5F', 37.5)).toMatchObject({ ok: false, code: 'temperature.above_threshold' });
    expect(checkTemperature('36.6', 37.5)).toEqual({ ok: true, celsius: 36.6 });
  });
  it('C → F → C round-trips', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 60, noNaN: true }), (c) => {
        expect(toCelsius(toFahrenheit(celsius(c)))).toBeCloseTo(c, 9);
      }),
    );
  });
  it('any Celsius reading typed with an F is the same temperature after parsing (to 0.1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 430 }), (tenths) => {
        const c = tenths / 10;
        const f = Math.round(toFahrenheit(celsius(c)) * 100) / 100;
        const parsed = parseTemperature(`${f}F`);
        expect(parsed?.unit).toBe('f');
        expect(Math.abs((parsed?.celsius ?? 0) - c)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });
});
