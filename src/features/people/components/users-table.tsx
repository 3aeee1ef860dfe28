// The users grid: one server page, rows virtualised so a page of 500 stays smooth on a
// tablet. Grid roles keep it a table for assistive technology.
import { useRef } from 'react';
import { Badge, Box, Checkbox, Group, Menu, ActionIcon, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { UserPhoto } from '../../../ui/user-photo';
import type { UserItem } from '../hooks/use-users';
import './users-table.css';

const ROW = 52;
const SORTS = [
  ['full_name', 'fullName'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['user_type', 'userType'],
] as const;

interface Props {
  rows: UserItem[];
  labels: Map<string, string>;
  orderBy: string;
  selected: Set<string>;
  onSelect(next: Set<string>): void;
  onSort(orderBy: string): void;
  onEdit(user: UserItem): void;
  onArchive(user: UserItem): void;
  onDelete(user: UserItem): void;
  onInvite(user: UserItem): void;
  onRevoke(user: UserItem): void;
}

export function UsersTable({
  rows,
  labels,
  orderBy,
  selected,
  onSelect,
  onSort,
  onEdit,
  onArchive,
  onDelete,
  onInvite,
  onRevoke,
}: Props) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };

  return (
    <div role="table" aria-rowcount={rows.length + 1} className="gh-users-table" data-testid="users-table">
      <div role="row" className="gh-users-row gh-users-head">
        <div role="columnheader">
          <Checkbox
            aria-label={t('people.selectAll')}
            checked={all}
            onChange={(e) => onSelect(e.currentTarget.checked ? new Set(rows.map((r) => r.id)) : new Set())}
          />
        </div>
        {SORTS.map(([field, label]) => {
          const active = orderBy.replace(/^-/, '') === field;
          const desc = orderBy.startsWith('-');
          return (
            <div role="columnheader" key={field} aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined}>
              <UnstyledButton
                fw={600}
                fz="sm"
                data-testid={`users-sort-${field}`}
                onClick={() => onSort(active && !desc ? `-${field}` : field)}
              >
                {t(`people.fields.${label}`)} {active ? (desc ? '↓' : '↑') : ''}
              </UnstyledButton>
            </div>
          );
        })}
        <div role="columnheader">{t('people.fields.labels')}</div>
        <div role="columnheader">
          <span className="gh-users-hidden">{t('people.actions')}</span>
        </div>
      </div>
      <div ref={scroller} className="gh-users-body">
        <Box style={{ blockSize: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const u = rows[item.index]!;
            return (
              <div
                role="row"
                key={u.id}
                className="gh-users-row"
                data-testid="user-row"
                data-user-id={u.id}
                data-archived={u.archived}
                style={{
                  position: 'absolute',
                  insetInlineStart: 0,
                  insetBlockStart: 0,
                  inlineSize: '100%',
                  blockSize: ROW,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <div role="cell">
                  <Checkbox
                    aria-label={u.full_name}
                    checked={selected.has(u.id)}
                    onChange={(e) => toggle(u.id, e.currentTarget.checked)}
                  />
                </div>
                <div role="cell">
                  <Group gap={6} wrap="nowrap">
                    <UserPhoto src={u.image} name={u.full_name} size={32} />
                    <Text size="sm" fw={500} truncate>
                      {u.full_name}
                    </Text>
                    {u.archived ? (
                      <Badge size="xs" color="gray">
                        {t('people.archived')}
                      </Badge>
                    ) : null}
                  </Group>
                </div>
                <div role="cell">
                  <Text size="sm" truncate>
                    {u.email}
                  </Text>
                </div>
                <div role="cell">
                  <Text size="sm" dir="ltr">
                    {u.country_code ? `${u.country_code} ` : ''}
                    {u.phone ?? '—'}
                  </Text>
                </div>
                <div role="cell">
                  <Text size="sm" truncate data-testid="user-type-cell">
                    {u.user_type?.name ?? '—'}
                  </Text>
                </div>
                <div role="cell">
                  <Group gap={4} wrap="nowrap">
                    {u.labels.slice(0, 2).map((l) => (
                      <Badge key={l} size="xs" variant="light">
                        {labels.get(l) ?? '…'}
                      </Badge>
                    ))}
                  </Group>
                </div>
                <div role="cell">
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={t('people.actionsFor', { name: u.full_name })}
                        data-testid="user-actions"
                      >
                        ⋯
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => onEdit(u)} data-testid="user-edit">
                        {t('people.edit')}
                      </Menu.Item>
                      <Menu.Item onClick={() => onArchive(u)} data-testid="user-archive">
                        {u.archived ? t('people.activate') : t('people.archive')}
                      </Menu.Item>
                      {u.dashboard_access ? (
                        <Menu.Item onClick={() => onRevoke(u)} data-testid="user-revoke">
                          {t('invites.revoke')}
                        </Menu.Item>
                      ) : (
                        <Menu.Item onClick={() => onInvite(u)} disabled={u.archived} data-testid="user-invite">
                          {t('invites.inviteOne')}
                        </Menu.Item>
                      )}
                      <Menu.Item color="red" onClick={() => onDelete(u)} data-testid="user-delete">
                        {t('people.delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </div>
              </div>
            );
          })}
        </Box>
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('people.empty')}
          </Text>
        ) : null}
      </div>
    </div>
  );
}
