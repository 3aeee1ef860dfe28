// One group of the emergency list (a site, an area or a user type) with its count and people.
// Rows are plain elements and memoised: a search keystroke re-renders only rows that change.
import { memo, type CSSProperties } from 'react';
import { Badge, Group, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListRow } from '../../../../domain/emergency-list';
import { useClock } from './format';

type By = 'siteId' | 'areaId' | 'userTypeId';
export type NameOf = (by: By, key: string | null) => string;

export function OnSiteGroup({
  title,
  count,
  rows,
  nameOf,
}: {
  title: string;
  count: number;
  rows: ListRow[];
  nameOf: NameOf;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="on-site-group">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Badge variant="light" size="lg" data-testid="group-count">
          {count}
        </Badge>
      </Group>
      <ul className="gh-em-list">
        {rows.map((r) => (
          <OnSiteRow key={r.personId} row={r} nameOf={nameOf} />
        ))}
      </ul>
    </Paper>
  );
}

interface RowProps {
  row: ListRow;
  nameOf: NameOf;
  /** When virtualised: the row's position and fixed height. */
  style?: CSSProperties;
}

export const OnSiteRow = memo(function OnSiteRow({ row: r, nameOf, style }: RowProps) {
  const { t } = useTranslation();
  const { time } = useClock();
  const detail = [
    // Not signed in: held at reception for a decision, but in the building all the same.
    r.waiting ? t('emergency.list.waiting') : null,
    nameOf('userTypeId', r.userTypeId),
    nameOf('areaId', r.areaId),
    r.hostName ? t('emergency.list.host', { name: r.hostName }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      className="gh-em-row gh-em-person"
      data-testid="on-site-row"
      data-person-id={r.personId}
      data-waiting={r.waiting ? 'true' : undefined}
      style={style}
    >
      {r.image ? (
        <img className="gh-em-avatar" src={r.image} alt="" />
      ) : (
        <span className="gh-em-avatar" aria-hidden="true">
          {initials(r.fullName)}
        </span>
      )}
      <span className="gh-em-who">
        <strong>{r.fullName}</strong>
        <small>{detail}</small>
      </span>
      <span className="gh-em-when">
        {r.phone ? (
          <a href={`tel:${r.phone.replace(/\s/g, '')}`} dir="ltr">
            {r.phone}
          </a>
        ) : null}
        <small>{t('emergency.list.timeIn', { time: time(r.since) })}</small>
      </span>
    </li>
  );
});

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
