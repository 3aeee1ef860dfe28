// The one way dates and times are shown in Gatehouse: DD/MM/YYYY in every language (spec 1 §5
// default; weeks start on Monday in pickers), 24-hour HH:mm, with the language's own digits.
// The order is built from parts rather than left to Intl: en-US puts the month first, and the
// Arabic locale data puts the month first in short numeric dates, which read as MM/DD.

/** Pickers and calendars start the week on Monday (0 = Sunday, as Mantine and dayjs count). */
export const FIRST_DAY_OF_WEEK = 1;
export const DATE_PATTERN = 'DD/MM/YYYY';

const numberFormats = new Map<string, Intl.NumberFormat>();
function digits(lang: string, n: number, width: number): string {
  const key = `${lang}:${width}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { minimumIntegerDigits: width, useGrouping: false });
    numberFormats.set(key, f);
  }
  return f.format(n);
}

interface Parts {
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
  second: number;
}

/** A YYYY-MM-DD string is a calendar day as written; a number or Date is an instant, read in local time. */
function partsOf(at: number | string | Date): Parts {
  if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at)) {
    const [year, month, day] = at.split('-').map(Number);
    return { day: day!, month: month!, year: year!, hour: 0, minute: 0, second: 0 };
  }
  const d = new Date(at);
  return {
    day: d.getDate(),
    month: d.getMonth() + 1,
    year: d.getFullYear(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  };
}

/** DD/MM/YYYY. */
export function formatDate(at: number | string | Date, lang: string): string {
  const p = partsOf(at);
  return `${digits(lang, p.day, 2)}/${digits(lang, p.month, 2)}/${digits(lang, p.year, 4)}`;
}

/** DD/MM, for chart labels. */
export function formatDayMonth(at: number | string | Date, lang: string): string {
  const p = partsOf(at);
  return `${digits(lang, p.day, 2)}/${digits(lang, p.month, 2)}`;
}

/** HH:mm (24-hour), or HH:mm:ss; an absent time is shown as a dash. */
export function formatTime(
  at: number | string | Date | null | undefined,
  lang: string,
  options: { seconds?: boolean } = {},
): string {
  if (at == null) return '—';
  const p = partsOf(at);
  const hm = `${digits(lang, p.hour, 2)}:${digits(lang, p.minute, 2)}`;
  return options.seconds ? `${hm}:${digits(lang, p.second, 2)}` : hm;
}

/** DD/MM/YYYY HH:mm; an absent instant is shown as a dash. */
export function formatDateTime(
  at: number | string | Date | null | undefined,
  lang: string,
  options: { seconds?: boolean } = {},
): string {
  if (at == null) return '—';
  return `${formatDate(at, lang)} ${formatTime(at, lang, options)}`;
}
