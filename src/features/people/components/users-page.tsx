// /users: the company's users with server-side paging, sorting and filters kept in the URL;
// create, edit, archive/activate, delete, move user type and labels, one by one or in bulk.
// Until the server answers, and whenever it cannot be reached, the grid reads the device's
// synced people: an admin offline still finds a person's phone number.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Modal, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useDb } from '../../../db/db-context';
import { useSyncStatus } from '../../../sync/sync-context';
import { OfflineNotice } from '../../../ui/offline-notice';
import { PageTitle } from '../../../ui/page-title';
import { paramsOf, searchOf, useLabels, useUsers, type UserItem, type UsersParams } from '../hooks/use-users';
import { useSend } from '../hooks/use-send';
import { readLocalUser } from '../hooks/local-users';
import { useLocalUsers } from '../hooks/use-local-users';
import { BulkBar } from './bulk-bar';
import { InviteModal } from './invite-modal';
import { UserFormModal } from './user-form-modal';
import { UsersTable } from './users-table';

export function UsersPage() {
  const { t } = useTranslation();
  const db = useDb();
  const send = useSend();
  const { online } = useSyncStatus();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => paramsOf(search), [search]);
  const users = useUsers(params);
  const local = useLocalUsers(params);
  const { labels, reload: reloadLabels } = useLabels();
  const labelNames = useMemo(() => new Map(labels.map((l) => [l.id, l.name])), [labels]);
  const types = useLiveQuery(() => db.userTypes.toArray(), [db]) ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<UserItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<UserItem | null>(null);
  const [inviting, setInviting] = useState<UserItem | null>(null);

  const change = (patch: Partial<UsersParams>) => setSearch(searchOf({ ...params, ...patch }), { replace: true });
  const filter = (patch: Partial<UsersParams['filter']>) => change({ filter: { ...params.filter, ...patch }, page: 1 });
  const done = () => {
    setSelected(new Set());
    users.reload();
  };
  const archive = async (u: UserItem) => {
    if (
      (await send('PUT', '/users_active', { user_ids: [u.id], active: u.archived ? 1 : 0 }, t('people.toasts.status')))
        .ok
    )
      done();
  };
  const remove = async () => {
    if (deleting && (await send('DELETE', `/users/${deleting.id}`, undefined, t('people.toasts.deleted'))).ok) done();
    setDeleting(null);
  };
  const revoke = async (u: UserItem) => {
    if ((await send('PUT', '/invite_revoke', { status: 'revoke', user_id: u.id }, t('invites.revoked'))).ok) done();
  };
  // Back online after a failed load: load again without waiting for the person to ask.
  const { unreachable, reload } = users;
  useEffect(() => {
    if (online && unreachable) reload();
  }, [online, unreachable, reload]);
  const offline = !online || users.unreachable;
  const fromDevice = offline || users.loadedAt === null;
  const rows = fromDevice ? (local?.data ?? []) : users.data;
  const count = fromDevice ? (local?.count ?? 0) : users.count;
  const pages = Math.max(1, Math.ceil(count / params.limit));
  // The open form is in the URL (?edit=<id>|new), so a reload brings it back with its draft.
  const editParam = search.get('edit');
  const openForm = (u: UserItem | null) => {
    setEditing(u);
    setFormOpen(true);
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        next.set('edit', u?.id ?? 'new');
        return next;
      },
      { replace: true },
    );
  };
  const closeForm = () => {
    setFormOpen(false);
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  };
  // Only the URL the page opened with is restored: later changes are the page's own.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (!editParam) return;
    void (editParam === 'new' ? Promise.resolve(null) : readLocalUser(db, editParam)).then((u) => {
      if (editParam !== 'new' && !u) return;
      setEditing(u);
      setFormOpen(true);
    });
  }, [db, editParam]);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('routes.users')}</PageTitle>
        <Group gap="sm">
          {/* The users page and the import share the 'users' permission, so whoever sees one may use the other. */}
          <Button component={Link} to="/users/import" variant="light" data-testid="go-import">
            {t('people.importUsers')}
          </Button>
          <Button component={Link} to="/invite-users-to-dashboard" variant="light" data-testid="go-invite">
            {t('routes.inviteUsers')}
          </Button>
          <Button onClick={() => openForm(null)} data-testid="add-user">
            {t('people.addUser')}
          </Button>
        </Group>
      </Group>
      <OfflineNotice force={users.unreachable} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('people.search')}
          value={params.filter.search ?? ''}
          onChange={(e) => filter({ search: e.currentTarget.value || undefined })}
          w={220}
          data-testid="users-search"
        />
        <Select
          label={t('people.fields.userType')}
          data={types.map((ty) => ({ value: ty.id, label: ty.name }))}
          value={params.filter.user_type_id ?? null}
          onChange={(v) => filter({ user_type_id: v ?? undefined })}
          clearable
          w={180}
        />
        <Select
          label={t('people.fields.labels')}
          data={labels.map((l) => ({ value: l.id, label: l.name }))}
          value={params.filter.label ?? null}
          onChange={(v) => filter({ label: v ?? undefined })}
          clearable
          w={180}
        />
        <Select
          label={t('people.status')}
          value={params.filter.status ?? 'active'}
          allowDeselect={false}
          w={150}
          data-testid="users-status"
          data={[
            { value: 'active', label: t('people.active') },
            { value: 'archived', label: t('people.archived') },
            { value: 'all', label: t('people.all') },
          ]}
          onChange={(v) => filter({ status: v === 'active' ? undefined : (v as 'archived' | 'all') })}
        />
      </Group>
      {
        <>
          <UsersTable
            rows={rows}
            labels={labelNames}
            orderBy={params.orderBy}
            selected={selected}
            onSelect={setSelected}
            onSort={(orderBy) => change({ orderBy, page: 1 })}
            onEdit={openForm}
            onArchive={(u) => void archive(u)}
            onDelete={setDeleting}
            onInvite={setInviting}
            onRevoke={(u) => void revoke(u)}
          />
          {/* Mass actions only once someone is ticked: on a phone six idle buttons pushed the list off the screen. */}
          {selected.size > 0 ? (
            <BulkBar
              selected={[...selected]}
              types={types}
              labels={labels}
              onDone={done}
              onLabelCreated={reloadLabels}
            />
          ) : null}
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text size="sm" c="dimmed" data-testid="users-count">
                {t('people.count', { count })}
              </Text>
              <Select
                aria-label={t('logbook.perPage')}
                data={['10', '25', '50', '100', '500']}
                value={String(params.limit)}
                w={90}
                size="xs"
                allowDeselect={false}
                onChange={(v) => change({ limit: Number(v ?? 10), page: 1 })}
              />
            </Group>
            <Pagination
              total={pages}
              value={Math.min(params.page, pages)}
              onChange={(page) => change({ page })}
              size="sm"
            />
          </Group>
        </>
      }
      <UserFormModal opened={formOpen} user={editing} labels={labels} onClose={closeForm} onSaved={users.reload} />
      <InviteModal user={inviting} onClose={() => setInviting(null)} onDone={done} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('people.deleteTitle')}>
        <Text mb="md">{t('people.deleteConfirm', { name: deleting?.full_name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('people.cancel')}
          </Button>
          <Button color="red" onClick={() => void remove()} data-testid="confirm-delete">
            {t('people.delete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
