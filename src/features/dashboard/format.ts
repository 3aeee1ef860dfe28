// Dates and times on the dashboard: DD/MM/YYYY in every language (spec 1 §5 default), with
// the language's digits. The order is built here from parts rather than left to Intl: the
// Arabic locale data puts the month first in short numeric dates, which read as MM/DD.
const digits = (lang: string, n: number, width: number) =>
  new Intl.NumberFormat(lang, { minimumIntegerDigits: width, useGrouping: false }).format(n);

/** The calendar day of a YYYY-MM-DD string or an instant (local time). */
function partsOf(at: number | string): { day: number; month: number; year: number } {
  if (typeof at === 'string') {
    const [year, month, day] = at.split('-').map(Number);
    return { day: day ?? 1, month: month ?? 1, year: year ?? 1970 };
  }
  const d = new Date(at);
  return { day: d.getDate(), month: d.getMonth() + 1, year: d.getFullYear() };
}

export function formatDate(at: number | string, lang: string): string {
  const { day, month, year } = partsOf(at);
  return `${digits(lang, day, 2)}/${digits(lang, month, 2)}/${digits(lang, year, 4)}`;
}

export function formatTime(at: number | null, lang: string): string {
  if (at == null) return '—';
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** Day and month only (DD/MM), for chart labels. */
export function formatDayMonth(day: string, lang: string): string {
  const p = partsOf(day);
  return `${digits(lang, p.day, 2)}/${digits(lang, p.month, 2)}`;
}
