// A person's resources in their edit window: the user types and areas they may act on (sign
// people in and out, mass actions, imports), every one or only those chosen. The lists offer
// only what the editor may give (GET /user_resources_within_permissions); the server decides
// again (domain/resources.ts) and its refusal is shown here, in place. Not one's own.
import { useEffect, useState } from 'react';
import { Alert, Button, Group, MultiSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../../domain/errors';
import { api } from '../../../api/client';
import { useFailureHandler } from '../../../api/use-failure-handler';
import { showFormSuccess } from '../../../ui/form-toasts';
import { refuseOfflineSave } from '../../../ui/offline-save';

interface Grantable {
  all_user_types: boolean;
  all_areas: boolean;
  user_types: Array<{ id: string; name: string }>;
  areas: Array<{ id: string; name: string; site_name: string }>;
}
interface Held {
  user_type_ids: string[] | null;
  area_ids: string[] | null;
}

export function ResourcesPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const fail = useFailureHandler();
  const [grantable, setGrantable] = useState<Grantable | null>(null);
  const [held, setHeld] = useState<Held | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void Promise.all([
      api.get<{ data: Grantable }>('/user_resources_within_permissions'),
      api.get<{ data: Held }>(`/user_resources?user_id=${userId}`),
    ]).then(([g, h]) => {
      if (g.ok) setGrantable(g.data.data);
      if (h.ok) setHeld(h.data.data);
    });
  }, [userId]);
  if (!grantable || !held) return null;

  async function save() {
    if (refuseOfflineSave(t)) return;
    setBusy(true);
    setRefusal(null);
    const res = await api.request<{ data: Held }>('PUT', '/user_resource', {
      body: { user_id: userId, ...held },
    });
    setBusy(false);
    if (res.ok) return showFormSuccess(t('resources.saved'));
    // A refusal (outside one's own, above one's role) is shown here, not as a page change.
    if (res.status === 400 || res.status === 403) return setRefusal(messageOf(res.body) ?? t('errors.generic'));
    fail(res);
  }

  const typeNames = new Map(grantable.user_types.map((u) => [u.id, u.name]));
  const areaNames = new Map(grantable.areas.map((a) => [a.id, `${a.site_name} · ${a.name}`]));
  // What the person holds but the editor may not give still shows (named by id when unknown).
  const options = (ids: string[] | null, names: Map<string, string>) => [
    ...[...names].map(([value, label]) => ({ value, label })),
    ...(ids ?? []).filter((id) => !names.has(id)).map((value) => ({ value, label: value, disabled: true })),
  ];
  const part = (
    key: 'user_type_ids' | 'area_ids',
    mayGiveAll: boolean,
    names: Map<string, string>,
    label: string,
    every: string,
    testId: string,
  ) => {
    const ids = held[key];
    return (
      <Stack gap={6}>
        <Switch
          label={t(every)}
          checked={ids === null}
          disabled={!mayGiveAll && ids !== null}
          onChange={(e) => {
            const every = e.currentTarget.checked;
            setHeld((h) => ({ ...h!, [key]: every ? null : [] }));
          }}
          data-testid={`${testId}-all`}
        />
        {ids !== null ? (
          <MultiSelect
            label={t(label)}
            data={options(ids, names)}
            value={ids}
            onChange={(v) => setHeld((h) => ({ ...h!, [key]: v }))}
            searchable
            data-testid={testId}
          />
        ) : null}
      </Stack>
    );
  };
  return (
    <Stack gap="sm" mt="md" data-testid="resources-panel">
      <Title order={3} size="h5">
        {t('resources.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('resources.help')}
      </Text>
      {part(
        'user_type_ids',
        grantable.all_user_types,
        typeNames,
        'resources.userTypes',
        'resources.everyUserType',
        'resources-user-types',
      )}
      {part('area_ids', grantable.all_areas, areaNames, 'resources.areas', 'resources.everyArea', 'resources-areas')}
      {refusal ? (
        <Alert color="red" role="alert" data-testid="resources-refused">
          {refusal}
        </Alert>
      ) : null}
      <Group>
        <Button variant="light" loading={busy} onClick={() => void save()} data-testid="resources-save">
          {t('resources.save')}
        </Button>
      </Group>
    </Stack>
  );
}
