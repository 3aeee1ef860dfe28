// One person's timesheet: a row per day (hours against the mode's, late sign-in and early
// sign-out with their reasons, attendance codes), then the Monday-week totals and the total.
import { Badge, Group, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../../domain/date-format';
import type { AttendanceMark, TimesheetPerson } from '../../../../domain/timesheet';
import { hoursIn } from '../hooks/timesheet-params';
import './timesheet-print.css';
import { TableScroll } from '../../../ui/table-scroll';

export interface TimesheetEntry extends TimesheetPerson {
  fullName: string;
  userTypeName: string | null;
}

export function TimesheetPersonCard({ person }: { person: TimesheetEntry }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hours = (m: number | null) => (m == null ? '—' : hoursIn(m, lang));
  const mark = (m: AttendanceMark | null, color: string, testId: string) =>
    m ? (
      <Badge color={color} variant="light" data-testid={testId} style={{ textTransform: 'none' }}>
        {m.reasonName ?? t('timesheet.noReason')}
      </Badge>
    ) : (
      '—'
    );
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className="gh-timesheet-person"
      data-testid="timesheet-person"
      data-person-id={person.personId}
    >
      <Group justify="space-between" mb="xs" wrap="wrap">
        <div>
          <Text fw={600}>{person.fullName}</Text>
          <Text size="sm" c="dimmed">
            {person.userTypeName ?? '—'}
          </Text>
        </div>
        <Text fw={600} data-testid="timesheet-total">
          {t('timesheet.total', { hours: hours(person.totalMinutes) })}
        </Text>
      </Group>
      <TableScroll minWidth={680}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {[
                'day',
                'firstIn',
                'lastOut',
                'hours',
                'expectedHours',
                'lateSignIn',
                'earlySignOut',
                'attendanceCodes',
              ].map((c) => (
                <Table.Th key={c}>{t(`reports.columns.${c}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {person.days.map((d) => (
              <Table.Tr key={d.day} data-testid="timesheet-day" data-day={d.day} data-minutes={d.minutes}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(d.day, lang)}</Table.Td>
                <Table.Td>{formatTime(d.firstIn, lang)}</Table.Td>
                <Table.Td>{d.open ? t('timesheet.onSite') : formatTime(d.lastOut, lang)}</Table.Td>
                <Table.Td fw={500}>{hours(d.minutes)}</Table.Td>
                <Table.Td c={d.expectedMinutes != null && d.minutes < d.expectedMinutes ? 'orange.8' : undefined}>
                  {hours(d.expectedMinutes)}
                </Table.Td>
                <Table.Td>{mark(d.late, 'orange', 'timesheet-late')}</Table.Td>
                <Table.Td>{mark(d.early, 'grape', 'timesheet-early')}</Table.Td>
                <Table.Td>{d.codes.join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {person.weeks.map((w) => (
              <Table.Tr key={w.week} data-testid="timesheet-week">
                <Table.Th colSpan={3}>{t('timesheet.week', { day: formatDate(w.week, lang) })}</Table.Th>
                <Table.Th>{hours(w.minutes)}</Table.Th>
                <Table.Th colSpan={4} />
              </Table.Tr>
            ))}
          </Table.Tfoot>
        </Table>
      </TableScroll>
    </Paper>
  );
}
