// Temperatures as branded units with tiny converters (STYLE: excalidraw's angle.ts), so a
// Fahrenheit reading can never be compared with a Celsius threshold by accident.
import { DEFAULT_TEMPERATURE_C } from './constants';

export type Celsius = number & { readonly __unit: 'C' };
export type Fahrenheit = number & { readonly __unit: 'F' };
export type TemperatureUnit = 'c' | 'f';

export const celsius = (value: number): Celsius => value as Celsius;
export const fahrenheit = (value: number): Fahrenheit => value as Fahrenheit;
export const toFahrenheit = (c: Celsius): Fahrenheit => fahrenheit((c * 9) / 5 + 32);
export const toCelsius = (f: Fahrenheit): Celsius => celsius(((f - 32) * 5) / 9);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A Celsius reading shown in `unit`, rounded to 0.1 (the company's unit on screens). */
export const inUnit = (c: Celsius, unit: TemperatureUnit): number => round1(unit === 'f' ? toFahrenheit(c) : c);

/** Spec 1 §5: a value over 85 is taken as Fahrenheit even without the F. */
export const FAHRENHEIT_ABOVE = 85;

export interface TemperatureReading {
  /** What the person typed, kept for the record. */
  raw: string;
  unit: TemperatureUnit;
  /** The reading in Celsius, rounded to 0.1. */
  celsius: Celsius;
}

/** Parses "36.6", "99.5F", "99,5 °f"; empty means the default 36 °C. Null when not a number. */
export function parseTemperature(input: string): TemperatureReading | null {
  const raw = input.trim();
  if (raw === '') return { raw, unit: 'c', celsius: celsius(DEFAULT_TEMPERATURE_C) };
  const hasF = /f/i.test(raw);
  const numeric = raw.replace(/[°ºcCfF\s]/g, '').replace(',', '.');
  if (!/^\d{1,3}(\.\d+)?$/.test(numeric)) return null;
  const value = Number(numeric);
  if (hasF || value > FAHRENHEIT_ABOVE)
    return { raw, unit: 'f', celsius: celsius(round1(toCelsius(fahrenheit(value)))) };
  return { raw, unit: 'c', celsius: celsius(round1(value)) };
}

export type TemperatureVerdict =
  | { ok: true; celsius: Celsius }
  | { ok: false; code: 'temperature.invalid' }
  | { ok: false; code: 'temperature.above_threshold'; params: { celsius: number; threshold: number } };

/** The flow's threshold is in Celsius; a reading at or above it refuses the sign-in. */
export function checkTemperature(input: string, thresholdC: number): TemperatureVerdict {
  const reading = parseTemperature(input);
  if (!reading) return { ok: false, code: 'temperature.invalid' };
  if (reading.celsius >= thresholdC) {
    return {
      ok: false,
      code: 'temperature.above_threshold',
      params: { celsius: reading.celsius, threshold: thresholdC },
    };
  }
  return { ok: true, celsius: reading.celsius };
}
