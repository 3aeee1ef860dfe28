// Dates and times on the dashboard: DD/MM/YYYY by default (spec 1 §5), digits and clock in
// the interface language.
export function formatDate(at: number | string, lang: string): string {
  const d = typeof at === 'string' ? new Date(`${at}T00:00:00`) : new Date(at);
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

export function formatTime(at: number | null, lang: string): string {
  if (at == null) return '—';
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** Day and month only, for chart labels. */
export function formatDayMonth(day: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, { day: '2-digit', month: '2-digit' }).format(new Date(`${day}T00:00:00`));
}
