// What a person types for a date, read strictly as DD/MM/YYYY (or the API's YYYY-MM-DD), in
// Latin, Arabic-Indic or Persian digits; and the API's day shown back as DD/MM/YYYY. No UI
// library here: the dashboard's date field and the kiosk's both read dates through it.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_PATTERN } from '../../domain/date-format';

dayjs.extend(customParseFormat);

export const DISPLAY_DATE = DATE_PATTERN;

/** Arabic-Indic and Persian digits as the ASCII digits the parsers read; other text is unchanged. */
export function latinDigits(input: string): string {
  return input.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

/** Reads a typed DD/MM/YYYY (or the API's YYYY-MM-DD), in Latin or Arabic digits, strictly; anything else is no date. */
export function parseDisplayDate(input: string): string | null {
  const text = latinDigits(input).trim();
  for (const format of [DISPLAY_DATE, 'YYYY-MM-DD']) {
    const d = dayjs(text, format, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

/** The API's YYYY-MM-DD shown as DD/MM/YYYY; other text is shown as it is. */
export function displayDate(iso: string): string {
  const d = dayjs(iso, 'YYYY-MM-DD', true);
  return d.isValid() ? d.format(DISPLAY_DATE) : iso;
}
