// One site on /sites: its place, time zone and geofence, and its areas with their modes.
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons';
import type { AreaItem, SiteItem } from '../hooks/use-places';
import { TableScroll } from '../../../ui/table-scroll';

const MODE_KEY: Record<string, string> = {
  'after 24 hours': 'autoSignOutModes.after24',
  'at midnight': 'autoSignOutModes.midnight',
  none: 'autoSignOutModes.none',
  'sign in/sign out': 'loginModes.signInOut',
  'remote sign in/out': 'loginModes.remoteSignInOut',
  'check in only': 'loginModes.checkInOnly',
  'remote check in only': 'loginModes.remoteCheckInOnly',
};
const badge = { style: { flexShrink: 0, overflow: 'visible' } } as const;

export function SiteCard({
  site,
  onEdit,
  onRemove,
  onMap,
  onAddArea,
  onEditArea,
  onRemoveArea,
  onQr,
}: {
  site: SiteItem;
  onEdit(): void;
  onRemove(): void;
  onMap(): void;
  onAddArea(): void;
  onEditArea(a: AreaItem): void;
  onRemoveArea(a: AreaItem): void;
  onQr(a: AreaItem): void;
}) {
  const { t } = useTranslation();
  const mode = (m: string) => (MODE_KEY[m] ? t(`sites.${MODE_KEY[m]}`) : m);
  const parentName = (id: string | null) => site.areas.find((a) => a.id === id)?.name;

  return (
    <Paper withBorder radius="md" p="md" data-testid="site-card" data-site={site.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2} style={{ flex: '1 1 12rem' }}>
            {/* match-parent: a Latin name in Arabic still sits at the page's start (plaintext bidi
                would otherwise align it by its own first letter). */}
            <Title order={2} size="h4" style={{ textAlign: 'match-parent' }}>
              {site.name}
            </Title>
            {/* Each fact isolated, so a Latin place or zone name keeps its order in Arabic. */}
            <Group gap={4} c="dimmed" fz="sm">
              {[
                site.location_name,
                t('sites.timeZoneShort', { zone: `\u2068${site.time_zone}\u2069` }),
                site.radius ? t('sites.radiusShort', { radius: site.radius }) : null,
              ]
                .filter((x): x is string => Boolean(x))
                .map((fact, i) => (
                  <Text key={i} span size="sm" c="dimmed">
                    {i > 0 ? '· ' : ''}
                    <bdi>{fact}</bdi>
                  </Text>
                ))}
            </Group>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={onMap} data-testid="site-geofence">
              {t('sites.geofence.title')}
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t('sites.actionsFor', { name: site.name })}
                  data-testid="site-actions"
                >
                  <Icon name="menu" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={onEdit} data-testid="site-edit">
                  {t('sites.edit')}
                </Menu.Item>
                <Menu.Item onClick={onAddArea}>{t('sites.areas.add')}</Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" onClick={onRemove} data-testid="site-remove">
                  {t('sites.remove')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('sites.areas.title')}
          </Text>
          <Button size="xs" variant="subtle" onClick={onAddArea} data-testid="area-add">
            {t('sites.areas.add')}
          </Button>
        </Group>
        {site.areas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('sites.areas.empty')}
          </Text>
        ) : (
          <TableScroll minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sites.areas.name')}</Table.Th>
                  <Table.Th>{t('sites.areas.loginMode')}</Table.Th>
                  <Table.Th>{t('sites.areas.autoSignOut')}</Table.Th>
                  <Table.Th />
                  <Table.Th w={56}>
                    <span className="gh-visually-hidden">{t('kioskAdmin.actionsLabel')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {site.areas.map((a) => (
                  <Table.Tr key={a.id} data-testid="area-row" data-area={a.name}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {a.name}
                      </Text>
                      {a.parent_area_id ? (
                        <Text size="xs" c="dimmed">
                          {t('sites.areas.inside', { name: parentName(a.parent_area_id) ?? '' })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{mode(a.login_mode)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{mode(a.auto_sign_out_mode)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {a.geofencing ? (
                          <Badge size="sm" variant="outline" {...badge}>
                            {t('sites.geofence.title')}
                          </Badge>
                        ) : null}
                        {a.fire_alarm ? (
                          <Badge size="sm" color="red" variant="outline" {...badge}>
                            {t('sites.fire.title')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            aria-label={t('sites.actionsFor', { name: a.name })}
                            data-testid="area-actions"
                          >
                            <Icon name="menu" />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => onEditArea(a)} data-testid="area-edit">
                            {t('sites.areas.edit')}
                          </Menu.Item>
                          <Menu.Item onClick={() => onQr(a)} data-testid="area-qr-open">
                            {t('sites.areas.qr')}
                          </Menu.Item>
                          <Menu.Divider />
                          <Menu.Item color="red" onClick={() => onRemoveArea(a)} data-testid="area-remove">
                            {t('sites.areas.remove')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Stack>
    </Paper>
  );
}
