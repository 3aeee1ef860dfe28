// /invite-users-to-dashboard: invite many users at once (spec 1 §5: "Mass invite requires
// role, site, user type, country code and phone"). Each chosen person's phone and country code
// are editable in place because the invitation is sent to that phone.
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Pagination, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../../sync/sync-context';
import { PageTitle } from '../../../ui/page-title';
import { useInviteCandidates } from '../hooks/use-invite-candidates';
import { useSend } from '../hooks/use-send';
import './users-table.css';
import { InviteFields, NO_REFS, refsComplete, type InviteRefs } from './invite-fields';
import { TableScroll } from '../../../ui/table-scroll';

const LIMIT = 25;
interface Pick {
  country_code: string;
  phone: string;
}

export function InviteUsersPage() {
  const { t } = useTranslation();
  const send = useSend();
  const { online } = useSyncStatus();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const candidates = useInviteCandidates(search, page, LIMIT);
  const [refs, setRefs] = useState<InviteRefs>(NO_REFS);
  const [picked, setPicked] = useState<Map<string, Pick>>(new Map());
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const toggle = (id: string, on: boolean, pick: Pick) => {
    const next = new Map(picked);
    if (on) next.set(id, pick);
    else next.delete(id);
    setPicked(next);
  };
  const edit = (id: string, patch: Partial<Pick>) => {
    const next = new Map(picked);
    next.set(id, { ...next.get(id)!, ...patch });
    setPicked(next);
  };
  const missing = [...picked.values()].some((p) => !p.country_code.trim() || !p.phone.trim());
  const ready = online && refsComplete(refs) && picked.size > 0 && !missing;

  async function invite() {
    if (!refsComplete(refs)) return;
    const users = [...picked].map(([id, p]) => ({ id, country_code: p.country_code.trim(), phone: p.phone.trim() }));
    const res = await send('POST', '/mass-action-apply-invite-users', { ...refs, users }, t('invites.sent'));
    if (res.ok) {
      setPicked(new Map());
      setErrors({});
      candidates.reload();
    } else setErrors(res.errors);
  }

  return (
    <Stack gap="md">
      <PageTitle>{t('routes.inviteUsers')}</PageTitle>
      {!online ? <Alert color="yellow">{t('errors.offline_config')}</Alert> : null}
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed" mb="sm">
          {t('invites.massHelp')}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <InviteFields value={refs} onChange={setRefs} errors={errors} />
          <Button onClick={() => void invite()} disabled={!ready} data-testid="invite-send">
            {t('invites.inviteCount', { count: picked.size })}
          </Button>
        </Group>
      </Paper>
      <TextInput
        label={t('people.search')}
        value={search}
        w={280}
        data-testid="invite-search"
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <TableScroll minWidth={640}>
        <Table verticalSpacing="xs" data-testid="invite-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>
                <span className="gh-users-hidden">{t('invites.choose')}</span>
              </Table.Th>
              <Table.Th>{t('people.fields.fullName')}</Table.Th>
              <Table.Th>{t('people.fields.email')}</Table.Th>
              <Table.Th w={110}>{t('people.fields.countryCode')}</Table.Th>
              <Table.Th w={190}>{t('people.fields.phone')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {candidates.data.map((c) => {
              const p = picked.get(c.id);
              return (
                <Table.Tr key={c.id} data-testid="invite-row">
                  <Table.Td>
                    <Checkbox
                      aria-label={c.full_name}
                      checked={Boolean(p)}
                      onChange={(e) =>
                        toggle(c.id, e.currentTarget.checked, {
                          country_code: c.country_code ?? '',
                          phone: c.phone ?? '',
                        })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {c.full_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{c.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    {p ? (
                      <TextInput
                        size="sm"
                        dir="ltr"
                        aria-label={t('people.fields.countryCode')}
                        value={p.country_code}
                        required
                        error={!p.country_code.trim()}
                        onChange={(e) => edit(c.id, { country_code: e.currentTarget.value })}
                        data-testid="invite-country"
                      />
                    ) : (
                      <Text size="sm" dir="ltr">
                        {c.country_code ?? '—'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {p ? (
                      <TextInput
                        size="sm"
                        dir="ltr"
                        inputMode="numeric"
                        aria-label={t('people.fields.phone')}
                        value={p.phone}
                        required
                        error={!p.phone.trim()}
                        onChange={(e) => edit(c.id, { phone: e.currentTarget.value })}
                        data-testid="invite-phone"
                      />
                    ) : (
                      <Text size="sm" dir="ltr">
                        {c.phone ?? '—'}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {candidates.data.length === 0 ? (
        <Text c="dimmed" ta="center">
          {t('invites.none')}
        </Text>
      ) : null}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('people.count', { count: candidates.count })}
        </Text>
        <Pagination
          total={Math.max(1, Math.ceil(candidates.count / LIMIT))}
          value={page}
          onChange={setPage}
          size="sm"
        />
      </Group>
    </Stack>
  );
}
