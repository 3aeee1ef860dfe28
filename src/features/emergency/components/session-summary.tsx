// The numbers of a session in one compact line above the roll call: on site,
// accounted for, not accounted for, conflicts, then each status as a filter chip. On a phone
// the line scrolls sideways inside itself, so the first names stay in view. "Not accounted
// for" is "missing + not yet marked": the status is named "Not yet marked", never a second
// "unaccounted" beside it with another number. Kept as the session's summary once it ends.
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLL_CALL_STATUSES, type RollCallStatus } from '../../../../domain/emergency';
import type { RollCallSummary } from '../../../../domain/emergency-roll-call';
import { useClock } from './format';
import { STATUS_COLOR } from './roll-call-row';

function Figure({
  label,
  value,
  testId,
  color,
  active,
  onClick,
}: {
  label: string;
  value: number;
  testId: string;
  color?: string;
  active?: boolean;
  onClick?: () => void;
}) {
  const body = (
    <>
      <b data-testid={testId} data-value={value} style={color ? { color: `var(--mantine-color-${color})` } : undefined}>
        {value}
      </b>
      <span>{label}</span>
    </>
  );
  return onClick ? (
    <button type="button" className="gh-em-figure" data-active={active} aria-pressed={active} onClick={onClick}>
      {body}
    </button>
  ) : (
    <span className="gh-em-figure">{body}</span>
  );
}

export function SessionSummary({
  summary,
  statusFilter,
  onStatus,
  conflictsOnly,
  onConflictsOnly,
}: {
  summary: RollCallSummary;
  statusFilter: RollCallStatus | null;
  onStatus: (s: RollCallStatus | null) => void;
  conflictsOnly: boolean;
  onConflictsOnly: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const { dateTime, duration } = useClock();
  return (
    <div className="gh-em-summary" data-testid="session-summary">
      <div className="gh-em-figures" role="group" aria-label={t('emergency.summary.label')}>
        <Figure
          label={t('emergency.summary.total')}
          value={summary.total}
          testId="count-total"
          onClick={() => onStatus(null)}
          active={statusFilter === null}
        />
        <Figure
          label={t('emergency.summary.accounted')}
          value={summary.accounted}
          testId="count-accounted"
          color="teal-9"
        />
        <Figure
          label={t('emergency.summary.notAccounted')}
          value={summary.notAccounted}
          testId="count-not-accounted"
          color="red-9"
        />
        <Figure
          label={t('emergency.summary.conflicts')}
          value={summary.conflicts}
          testId="count-conflicts"
          color={summary.conflicts ? 'red-9' : undefined}
          active={conflictsOnly}
          onClick={() => onConflictsOnly(!conflictsOnly)}
        />
        <span className="gh-em-figure-rule" aria-hidden="true" />
        {ROLL_CALL_STATUSES.map((s) => (
          <Figure
            key={s}
            label={t(`emergency.status.${s}`)}
            value={summary.byStatus[s]}
            testId={`count-${s}`}
            color={`${STATUS_COLOR[s]}-9`}
            active={statusFilter === s}
            onClick={() => onStatus(statusFilter === s ? null : s)}
          />
        ))}
      </div>
      {summary.endedAt !== null ? (
        <Group gap="md" mt={4}>
          <Text size="sm" c="dimmed">
            {t('emergency.summary.endedAt', { time: dateTime(summary.endedAt) })}
          </Text>
          {summary.durationMs !== null ? (
            <Text size="sm" c="dimmed">
              {t('emergency.summary.duration', { duration: duration(summary.durationMs) })}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </div>
  );
}
