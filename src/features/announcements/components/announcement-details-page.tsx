// /announcement-details?id=: one announcement as kiosks show it, with its state, targets and times.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../../domain/date-format';
import { isAllowed } from '../../../../domain/permissions';
import { textIn } from '../../../../domain/localized-text';
import { api } from '../../../api/client';
import { useStoredUser } from '../../../api/session';
import { PageLoader } from '../../../ui/page-loader';
import { PageTitle } from '../../../ui/page-title';
import { targetNames, useAnnouncementList, type AnnouncementWire } from '../hooks/use-announcements';
import { StateBadge } from './state-badge';

export function AnnouncementDetailsPage() {
  const { t, i18n } = useTranslation();
  const id = useSearchParams()[0].get('id');
  const permissions = useStoredUser()?.data.user.role.permissions ?? {};
  const { list } = useAnnouncementList(null);
  const [item, setItem] = useState<AnnouncementWire | null>(null);
  const [missing, setMissing] = useState(!id);
  useEffect(() => {
    if (!id) return;
    void api.get<{ data: AnnouncementWire }>(`/announcements/${id}`).then((res) => {
      if (res.ok) setItem(res.data.data);
      else if (res.status === 404) setMissing(true);
    });
  }, [id]);
  if (missing) return <Alert color="red">{t('announcements.notFound')}</Alert>;
  if (!item) return <PageLoader />;
  const row = (label: string, value: string) => (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text fw={600} miw={180}>
        {label}
      </Text>
      <Text dir="auto">{value}</Text>
    </Group>
  );
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t('announcements.detailsTitle')}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <StateBadge state={item.state} />
            {item.urgent ? <Badge color="red">{t('announcements.fields.urgent')}</Badge> : null}
            {item.pinned ? <Badge color="blue">{t('announcements.fields.pinned')}</Badge> : null}
            {item.verbal ? (
              <Badge color="grape" tt="none">
                {t('announcements.kiosk.readAloud')}
              </Badge>
            ) : null}
            <Text size="sm" c="dimmed">
              {t('announcements.version', { version: item.version })}
            </Text>
          </Group>
          <Text size="lg" dir="auto" data-testid="announcement-text">
            {textIn(item.description, i18n.language)}
          </Text>
          {item.url ? (
            <Text dir="ltr">
              <a href={item.url} target="_blank" rel="noreferrer">
                {item.url}
              </a>
            </Text>
          ) : null}
          {row(
            t('announcements.columns.targets'),
            targetNames(item.target_user_types, list?.user_types ?? [], t('announcements.everyone')),
          )}
          {row(t('announcements.columns.publish'), formatDateTime(item.publish_time, i18n.language))}
          {row(
            t('announcements.columns.expiry'),
            item.expiry_time ? formatDateTime(item.expiry_time, i18n.language) : t('announcements.noExpiry'),
          )}
        </Stack>
      </Paper>
      <Group>
        <Button variant="default" component={Link} to="/announcements">
          {t('announcements.back')}
        </Button>
        {isAllowed(permissions, 'add-announcement') ? (
          <Button component={Link} to={`/add-announcement?id=${item.id}`}>
            {t('announcements.edit')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
