// Times and CSV downloads for the emergency screens, in the user's language.
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../../../../domain/date-format';

export function useClock() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    time: (at: number) => formatTime(at, lang),
    dateTime: (at: number) => formatDateTime(at, lang),
    duration: (ms: number) => {
      const minutes = Math.max(0, Math.round(ms / 60_000));
      return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
    },
  };
}

/** Saves text as a file on this device (works offline: the data is local). */
export function download(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Renders everything first (lists are paged on screen), then opens the print dialog. */
export function printAll(setShowAll: (v: boolean) => void): void {
  setShowAll(true);
  setTimeout(() => window.print(), 100);
}
