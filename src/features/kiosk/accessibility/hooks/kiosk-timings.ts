// The kiosk's idle timings: a device-local setting (kiosks are not a synced table; each device
// keeps its own, like its language), read once when the kiosk starts. Defaults meet the guidance.
import { cleanTimings, type KioskTimings } from '../logic/idle-timer';

export const TIMINGS_KEY = 'gatehouse-kiosk-timings';

export function loadTimings(): KioskTimings {
  try {
    return cleanTimings(JSON.parse(localStorage.getItem(TIMINGS_KEY) ?? 'null'));
  } catch {
    return cleanTimings(null);
  }
}

export function saveTimings(t: KioskTimings): KioskTimings {
  const clean = cleanTimings(t);
  localStorage.setItem(TIMINGS_KEY, JSON.stringify(clean));
  return clean;
}
