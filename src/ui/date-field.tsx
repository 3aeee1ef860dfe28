// A date typed or picked as DD/MM/YYYY (spec 1 §5 default, in every language; weeks start on
// Monday) while the value stays YYYY-MM-DD, as the API sends and takes it.
import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/es';
import { useTranslation } from 'react-i18next';
import { FIRST_DAY_OF_WEEK } from '../../domain/date-format';
import { DISPLAY_DATE, parseDisplayDate } from './typed-date';

export { DISPLAY_DATE, displayDate, latinDigits, parseDisplayDate } from './typed-date';

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
