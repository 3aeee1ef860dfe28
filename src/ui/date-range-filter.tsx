// The one date-range filter of every page that filters by date. The calendar
// keeps its own draft: the first click is a start the page's filter never sees (the pages'
// filters are whole ranges, so a controlled picker dropped it); the second click, or closing
// the calendar after one, sets the range (one day when it was one click). Presets sit beside
// the calendar, and the field takes a typed day or range (Enter or leaving the field applies
// it). The dropdown is in the page's tab order, and Mantine's calendar moves by arrow keys.
import { ActionIcon, Button, CloseButton, Group, Popover, Stack, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ar';
import 'dayjs/locale/es';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_DAY_OF_WEEK } from '../../domain/date-format';
import { DATE_RANGE_PRESETS, formatDateRange, parseDateRange, presetRange, type DateRange } from './date-range';

export type { DateRange } from './date-range';

type Draft = [string | null, string | null];

export function DateRangeFilter({
  label,
  placeholder,
  value,
  onChange,
  testId,
  w = { base: '100%', xs: 250 },
}: {
  label: string;
  /** What an empty filter means on this page ("Last 30 days", "Today"). */
  placeholder: string;
  value: DateRange;
  onChange: (next: DateRange) => void;
  testId: string;
  w?: number | string | Record<string, number | string>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const committed: Draft = [value.from ?? null, value.to ?? value.from ?? null];
  const shown = formatDateRange(value, lang);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(committed);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);

  // The filter changed elsewhere (the page's clear button, the URL): show it.
  useEffect(() => {
    setText(shown);
    setDraft(committed);
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- committed is derived from these
  }, [value.from, value.to, shown]);

  const apply = (next: DateRange) => {
    setError(null);
    setText(formatDateRange(next, lang));
    if (next.from !== value.from || (next.to ?? next.from) !== (value.to ?? value.from)) onChange(next);
  };
  const applyText = () => {
    const typed = parseDateRange(text);
    if (typed) apply(typed);
    else setError(t('dateRange.invalid'));
  };
  /** Closing the calendar keeps a start clicked alone as that one day. */
  const close = () => {
    setOpen(false);
    const [from, to] = draft;
    if (from) apply({ from, to: to ?? from });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      applyText();
    } else if (e.key === 'ArrowDown' && !open) {
      e.preventDefault();
      setOpen(true);
    }
  };

  return (
    <Popover
      opened={open}
      onDismiss={close}
      position="bottom-start"
      withinPortal={false}
      trapFocus
      returnFocus
      // The calendar stays while it is open: focus moving into it can scroll the field out of a
      // short window, and Mantine would then hide the dropdown (display: none) under the user.
      hideDetached={false}
      shadow="md"
    >
      <Popover.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          value={text}
          w={w}
          error={error}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={() => text !== shown && applyText()}
          onKeyDown={onKeyDown}
          // A text field that opens a calendar dialog: the ARIA date-picker combobox.
          role="combobox"
          aria-autocomplete="none"
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid={testId}
          rightSectionWidth={value.from ? 64 : 36}
          rightSection={
            <Group gap={2} wrap="nowrap">
              {value.from && (
                <CloseButton
                  size="sm"
                  aria-label={t('dateRange.clear')}
                  onClick={() => apply({})}
                  data-testid={`${testId}-clear`}
                />
              )}
              <ActionIcon
                variant="subtle"
                aria-label={t('dateRange.openCalendar')}
                onClick={() => (open ? close() : setOpen(true))}
                data-testid={`${testId}-calendar`}
              >
                <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}>
                  <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5" />
                </svg>
              </ActionIcon>
            </Group>
          }
        />
      </Popover.Target>
      <Popover.Dropdown data-testid={`${testId}-dropdown`} aria-label={label} role="dialog" maw="calc(100vw - 16px)">
        {/* Presets above the calendar, wrapping: the dropdown fits a 390 px phone in either direction. */}
        <Stack gap="sm" maw={300}>
          <Group gap={4} wrap="wrap">
            {DATE_RANGE_PRESETS.map((p) => (
              <Button
                key={p}
                variant="light"
                size="compact-sm"
                onClick={() => {
                  setOpen(false);
                  apply(presetRange(p, new Date()));
                }}
                data-testid={`${testId}-preset-${p}`}
              >
                {t(`dateRange.presets.${p}`)}
              </Button>
            ))}
          </Group>
          <DatePicker
            type="range"
            allowSingleDateInRange
            firstDayOfWeek={FIRST_DAY_OF_WEEK}
            locale={lang}
            value={draft}
            defaultDate={draft[0] ?? undefined}
            onChange={(next) => {
              setDraft(next);
              if (next[0] && next[1]) {
                setOpen(false);
                apply({ from: next[0], to: next[1] });
              }
            }}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
