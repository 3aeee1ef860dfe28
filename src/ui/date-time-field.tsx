// A day and a time of day as one field, made of the app's DD/MM/YYYY date input and 24-hour time
// input; the value is YYYY-MM-DDTHH:mm in the browser's time zone (what datetime-local gave).
import { useEffect, useRef, useState } from 'react';
import { Group, Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from './date-field';
import { TimeField } from './time-field';

interface Props {
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** The date input gets `${testId}-date`, the time input `${testId}-time`. */
  testId?: string;
}

const split = (value: string) => ({ date: value.slice(0, 10), time: value.slice(11, 16) });

export function DateTimeField({ label, description, error, required, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const [parts, setParts] = useState(() => split(value));
  const sent = useRef(value);
  // A value set from outside replaces the parts; what this field sent itself comes back unchanged.
  useEffect(() => {
    if (value !== sent.current) setParts(split(value));
    sent.current = value;
  }, [value]);

  // A day without a time starts at midnight, shown, so what is saved is what is on screen.
  const change = (next: { date: string; time: string }) => {
    const filled = next.date && !next.time && !parts.date ? { ...next, time: '00:00' } : next;
    setParts(filled);
    sent.current = filled.date && filled.time ? `${filled.date}T${filled.time}` : '';
    onChange(sent.current);
  };

  return (
    <Input.Wrapper labelElement="div" label={label} description={description} error={error} required={required}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DateField
          aria-label={`${label}: ${t('dateField.date')}`}
          value={parts.date}
          onChange={(date) => change({ ...parts, date })}
          error={error ? true : undefined}
          style={{ flex: 1, minWidth: 0 }}
          data-testid={testId && `${testId}-date`}
        />
        <TimeField
          aria-label={`${label}: ${t('timeField.time')}`}
          value={parts.time}
          onChange={(time) => change({ ...parts, time })}
          error={error ? true : undefined}
          w={96}
          data-testid={testId && `${testId}-time`}
        />
      </Group>
    </Input.Wrapper>
  );
}
