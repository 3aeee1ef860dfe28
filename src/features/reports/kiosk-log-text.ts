// The kiosk log's details column: one translated sentence per log code (what the kiosk wrote
// in `data`, with the person and area names the server joined), never raw JSON.
import type { KioskLogRow } from '../../../domain/schemas/more-reports';

type T = (key: string, params?: Record<string, unknown>) => string;

/** Codes whose sentence needs nothing but the code itself. */
const PLAIN = new Set([
  'online',
  'offline',
  'open_door',
  'refresh_face_library',
  'push_restart',
  'remote_show_screen',
  'remote_support_started',
  'remote_support_ended',
]);
/** Codes that name the person the line is about. */
const PERSON = new Set(['sign_in', 'sign_out', 'visit_refused']);

const text = (x: unknown): string | null => (typeof x === 'string' || typeof x === 'number' ? String(x) : null);

export function kioskLogText(row: KioskLogRow, t: T): string {
  const data = row.data ?? {};
  const name = row.person_name ?? t('moreReports.logText.someone');
  if (PLAIN.has(row.code)) return t(`moreReports.logText.${row.code}`);
  if (PERSON.has(row.code)) return t(`moreReports.logText.${row.code}`, { name });
  if (row.code === 'badge_printed')
    return t(data.reprintOf ? 'moreReports.logText.badge_reprinted' : 'moreReports.logText.badge_printed', {
      name,
      area: row.area_name ?? t('reports.none'),
    });
  if (row.code === 'app_started')
    return t('moreReports.logText.app_started', { version: text(data.version) ?? t('reports.none') });
  if (row.code === 'logging')
    return t(data.enabled ? 'moreReports.logText.logging_on' : 'moreReports.logText.logging_off');
  // The journey's step and refusal lines (kiosk journey-log codes step:<step>, refused:<reason>).
  const [prefix, rest] = row.code.split(':', 2);
  if (prefix === 'step' && rest)
    return t('moreReports.logText.step', { step: t(`kiosk.stage.${rest}`, { defaultValue: rest }) });
  if (prefix === 'refused' && rest) return t('moreReports.logText.refused', { reason: rest.replace(/_/g, ' ') });
  // Anything else: its fields as "name: value", readable though not translated word by word.
  const fields = Object.entries(data)
    .map(([k, v]) => [k, text(v) ?? (typeof v === 'boolean' ? t(v ? 'visitRecord.yes' : 'visitRecord.no') : null)])
    .filter((kv): kv is [string, string] => kv[1] !== null)
    .map(([k, v]) => `${k}: ${v}`);
  return fields.join(' · ');
}
