// ISO weekday (1 = Monday … 7) → its short name in the page's language (Intl, no strings to keep).
export function weekdayName(day: number, language: string): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}
