// A time typed as 24-hour HH:mm in every language and browser (a native time input shows AM/PM
// in an en-US browser); the value stays HH:mm, as the API takes it.
import { useEffect, useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { latinDigits } from './typed-date';

const pad = (n: number) => String(n).padStart(2, '0');

/** Reads a typed 24-hour time (14:05, 1405, 9.05, Arabic-Indic digits too) as HH:mm; anything else is no time. */
export function parseDisplayTime(input: string): string | null {
  const text = latinDigits(input).trim();
  const m = /^(\d{1,2})[:.٫]?(\d{2})(?::\d{2})?$/.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour < 24 && minute < 60 ? `${pad(hour)}:${pad(minute)}` : null;
}

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
};

export function TimeField({ value, onChange, error, onBlur, ...rest }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value.slice(0, 5));
  const [invalid, setInvalid] = useState(false);
  // A value set from outside (a reset, a loaded record) replaces what is typed.
  useEffect(() => {
    setText((old) => (parseDisplayTime(old) === (value.slice(0, 5) || null) ? old : value.slice(0, 5)));
  }, [value]);

  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('timeField.placeholder')}
      maxLength={8}
      value={text}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        setInvalid(false);
        onChange(parseDisplayTime(typed) ?? '');
      }}
      onBlur={(e) => {
        const time = parseDisplayTime(text);
        if (time) setText(time);
        setInvalid(text.trim() !== '' && !time);
        onBlur?.(e);
      }}
      error={error ?? (invalid ? t('timeField.invalid') : undefined)}
      {...rest}
    />
  );
}
