// The visit drawer's "journey record": the sign-in's details as labelled, translatable lines.
// Internal ids are resolved to names or left out; values are i18n keys with
// parameters, never raw field dumps.
import { inUnit, celsius, type TemperatureUnit } from '../../../domain/temperature';
import type { VisitStatus } from '../../../domain/logbook';
import { stageShown } from '../../../domain/visit-stage';

export interface RecordLine {
  /** i18n key of the label. */
  label: string;
  /** i18n key of the value, or the text itself when `text` is set. */
  value: { key: string; params?: Record<string, string | number> } | { text: string };
}

export interface RecordLookups {
  personName(id: string): string | undefined;
  reasonName(id: string): string | undefined;
  /** The unit temperatures are shown in. */
  unit: TemperatureUnit;
  /** Where the person is now (a sign-in's stage is stale once they are in). */
  status?: VisitStatus | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const nameIn = (v: unknown): string | null => {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return str(o.fullName) ?? str(o.full_name) ?? str(o.name);
  }
  return null;
};

/** A temperature as recorded ({raw, unit, celsius} by the kiosk, {value, unit} or a number before). */
export function temperatureLine(t: unknown, unit: TemperatureUnit): RecordLine['value'] | null {
  let c: number | null = null;
  if (typeof t === 'number') c = t;
  else if (t && typeof t === 'object') {
    const o = t as { celsius?: unknown; value?: unknown; unit?: unknown };
    if (typeof o.celsius === 'number') c = o.celsius;
    else if (typeof o.value === 'number') c = o.unit === 'f' || o.unit === 'F' ? ((o.value - 32) * 5) / 9 : o.value;
  }
  if (c === null) return null;
  return { key: `visitRecord.temperature.${unit}`, params: { value: inUnit(celsius(c), unit) } };
}

/** The unit a visit's reading was taken in (Celsius when it says nothing). */
export function readingUnit(details: Record<string, unknown>): TemperatureUnit {
  const t = (details.temperature ?? (details.checks as { temperature?: unknown } | undefined)?.temperature) as
    { unit?: unknown } | undefined;
  return t && typeof t === 'object' && (t.unit === 'f' || t.unit === 'F') ? 'f' : 'c';
}

const yesNo = (b: unknown): RecordLine['value'] => ({ key: b ? 'visitRecord.yes' : 'visitRecord.no' });

export function visitRecordLines(details: Record<string, unknown>, look: RecordLookups): RecordLine[] {
  const lines: RecordLine[] = [];
  const add = (label: string, value: RecordLine['value'] | null) => {
    if (value) lines.push({ label: `visitRecord.label.${label}`, value });
  };
  const source = str(details.source);
  if (source) add('source', { key: `visitRecord.source.${source}`, params: { source } });
  const method = str(details.method);
  if (method) add('method', { key: `visitRecord.method.${method}`, params: { method } });
  const stage = str(details.stage);
  const shownStage = stageShown(stage, look.status ?? null);
  if (shownStage) add('stage', { key: shownStage.key, params: { defaultValue: shownStage.fallback } });
  const compliance = str(details.compliance);
  if (compliance)
    add('compliance', { key: `visitRecord.compliance.${compliance}`, params: { defaultValue: compliance } });
  const hostIds = Array.isArray(details.hostIds) ? details.hostIds.filter((x) => typeof x === 'string') : [];
  const hosts = hostIds.map((id) => look.personName(id)).filter((x): x is string => Boolean(x));
  const oldHost = nameIn(details.host);
  if (hosts.length || oldHost) add('host', { text: hosts.length ? hosts.join(', ') : oldHost! });
  const message = str(details.hostMessage);
  if (message) add('hostMessage', { text: message });
  const checks = (details.checks && typeof details.checks === 'object' ? details.checks : {}) as Record<
    string,
    unknown
  >;
  add('temperature', temperatureLine(details.temperature ?? checks.temperature, look.unit));
  const mask = details.mask ?? checks.mask;
  if (typeof mask === 'boolean' || typeof mask === 'number') add('mask', yesNo(mask));
  const refusal = str(details.refusal);
  if (refusal) add('refusal', { key: `visitRecord.refusal.${refusal.replace('.', '_')}` });
  const reason = str(details.reasonId);
  const reasonName = reason ? look.reasonName(reason) : undefined;
  if (reasonName) add('reason', { text: reasonName });
  const code = str(details.attendanceCode);
  if (code) add('attendanceCode', { text: code });
  const outputs = Array.isArray(details.outputs) ? details.outputs.filter((o) => typeof o === 'string') : [];
  for (const o of outputs) add('output', { key: `visitRecord.output.${o}`, params: { defaultValue: o } });
  return lines;
}
