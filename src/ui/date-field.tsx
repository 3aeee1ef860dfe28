// A date typed or picked as DD/MM/YYYY (spec 1 §5 default, in every language; weeks start on
// Monday) while the value stays YYYY-MM-DD, as the API sends and takes it.
import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/ar';
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';
import { DATE_PATTERN, FIRST_DAY_OF_WEEK } from '../../domain/date-format';

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

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  value: string;
  onChange: (value: string) => void;
};

export function DateField({ value, onChange, ...rest }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <DateInput
      valueFormat={DISPLAY_DATE}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      locale={i18n.language}
      clearable
      // The clear button is an icon: without a name a screen reader says only "button".
      clearButtonProps={{ 'aria-label': t('dateField.clear') }}
      placeholder={t('dateField.placeholder')}
      dateParser={parseDisplayDate}
      value={value || null}
      onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DD') : '')}
      {...rest}
    />
  );
}

/** The API's YYYY-MM-DD shown as DD/MM/YYYY; other text is shown as it is. */
export function displayDate(iso: string): string {
  const d = dayjs(iso, 'YYYY-MM-DD', true);
  return d.isValid() ? d.format(DISPLAY_DATE) : iso;
}
