// Mass sign-in / sign-out: choose the action, area and user type, pick people, and apply.
// Each person goes pending → in progress → completed through a sync mutation, so it works
// offline; people outside the admin's scope or already in that state are skipped with a reason.
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, ScrollArea, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { complianceStatus, inScope, massActionResponse, skipReason, type MassAction, type PersonStatus } from '../../../../domain/mass-action';
import { onSite, type PresenceEvent } from '../../../../domain/presence';
import { useDb } from '../../../db/db-context';
import { useSync } from '../../../sync/sync-context';
import { useScope } from '../hooks/use-scope';

const STATUS_COLOR: Record<PersonStatus, string> = { pending: 'gray', in_progress: 'blue', completed: 'teal' };

export function MassActionPanel({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const db = useDb();
  const sync = useSync();
  const scope = useScope();
  const [action, setAction] = useState<MassAction>('in');
  const [areaId, setAreaId] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [hostId, setHostId] = useState<string | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState<Record<string, PersonStatus>>({});
  const [running, setRunning] = useState(false);
  const areas = (useLiveQuery(() => db.areas.toArray(), [db]) ?? []).filter((a) => inScope(scope.areaIds, a.id));
  const types = (useLiveQuery(() => db.userTypes.toArray(), [db]) ?? []).filter((ty) => inScope(scope.userTypeIds, ty.id));
  const people = useLiveQuery(() => db.people.toArray(), [db]) ?? [];
  const events = useLiveQuery(() => db.visitEvents.toArray(), [db]) ?? [];
  const present = useMemo(() => onSite(events as unknown as PresenceEvent[]), [events]);
  const shown = useMemo(() => people.filter((p) => !typeId || p.userTypeId === typeId).sort((a, b) => a.fullName.localeCompare(b.fullName)), [people, typeId]);
  const hosts = useMemo(() => people.filter((p) => !p.archived).map((p) => ({ value: p.id, label: p.fullName })), [people]);
  const details = useMemo(() => (areaId && typeId ? massActionResponse(areaId, typeId, shown, new Set(present.keys()))[0]!.users : []), [areaId, typeId, shown, present]);
  const reasonOf = (p: (typeof shown)[number]) => (areaId ? skipReason(p, action, areaId, scope, present.has(p.id)) : null);

  async function apply() {
    if (!sync || !areaId) return;
    setRunning(true);
    const chosen = shown.filter((p) => picked.has(p.id) && !reasonOf(p));
    setStatus(Object.fromEntries(chosen.map((p) => [p.id, 'pending' as const])));
    for (const p of chosen) {
      setStatus((s) => ({ ...s, [p.id]: 'in_progress' }));
      const base = { eventId: uuidv7(), personId: p.id, at: Date.now(), areaId };
      const record = { mass: true, compliance: 'not_required', ...(hostId && action === 'in' ? { host: { user_id: hostId, name: hosts.find((h) => h.value === hostId)?.label } } : {}) };
      if (action === 'in') await sync.record('visit.signIn', { ...base, userTypeId: p.userTypeId ?? undefined, details: { ...record, stage: 'ready to sign in' } });
      else await sync.record('visit.signOut', { ...base, details: record });
      setStatus((s) => ({ ...s, [p.id]: 'completed' }));
    }
    setPicked(new Set());
    setRunning(false);
    onDone?.();
  }

  const selectable = shown.filter((p) => !reasonOf(p));
  return (
    <Stack gap="sm" data-testid="mass-action">
      <SegmentedControl value={action} onChange={(v) => { setAction(v as MassAction); setPicked(new Set()); }}
        data={[{ value: 'in', label: t('mass.signIn') }, { value: 'out', label: t('mass.signOut') }]} data-testid="mass-mode" />
      <Group grow wrap="wrap">
        <Select label={t('mass.area')} data={areas.map((a) => ({ value: a.id, label: a.name }))} value={areaId} onChange={setAreaId} data-testid="mass-area" />
        <Select label={t('mass.userType')} data={types.map((ty) => ({ value: ty.id, label: ty.name }))} value={typeId} onChange={(v) => { setTypeId(v); setPicked(new Set()); }} data-testid="mass-user-type" />
        {action === 'in' ? <Select label={t('mass.host')} data={hosts} value={hostId} onChange={setHostId} clearable searchable /> : null}
      </Group>
      {!areaId || !typeId ? <Text c="dimmed" size="sm">{t('mass.choose')}</Text> : (
        <>
          <Checkbox label={t('mass.selectAll', { count: selectable.length })} checked={selectable.length > 0 && selectable.every((p) => picked.has(p.id))}
            onChange={(e) => setPicked(e.currentTarget.checked ? new Set(selectable.map((p) => p.id)) : new Set())} data-testid="mass-select-all" />
          <ScrollArea.Autosize mah={360}>
            <Table verticalSpacing={6}>
              <Table.Thead><Table.Tr>
                <Table.Th>{t('mass.person')}</Table.Th><Table.Th>{t('mass.compliance')}</Table.Th><Table.Th>{t('mass.checks')}</Table.Th><Table.Th>{t('mass.state')}</Table.Th>
              </Table.Tr></Table.Thead>
              <Table.Tbody>
                {shown.map((p, i) => {
                  const reason = reasonOf(p);
                  const d = details[i];
                  return (
                    <Table.Tr key={p.id} data-testid="mass-person" data-person-id={p.id} data-status={status[p.id] ?? ''} data-skipped={reason ?? ''}>
                      <Table.Td><Checkbox label={p.fullName} disabled={Boolean(reason) || running} checked={picked.has(p.id)}
                        onChange={(e) => { const next = new Set(picked); if (e.currentTarget.checked) next.add(p.id); else next.delete(p.id); setPicked(next); }} /></Table.Td>
                      <Table.Td><Badge variant="light" color="gray">{t(`mass.complianceStatus.${complianceStatus(d?.compliances ?? [])}`)}</Badge></Table.Td>
                      <Table.Td><Text size="xs" c="dimmed">{d?.checks.temperature_check ? t('mass.temperature', { threshold: d.checks.temperature_threshold }) : t('mass.noChecks')}</Text></Table.Td>
                      <Table.Td>
                        {reason ? <Text size="xs" c="orange.8">{t(`mass.skip.${reason}`)}</Text>
                          : status[p.id] ? <Badge color={STATUS_COLOR[status[p.id]!]} data-testid="mass-status">{t(`mass.status.${status[p.id]}`)}</Badge> : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {shown.length === 0 ? <Alert color="gray">{t('mass.nobody')}</Alert> : null}
        </>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void apply()} disabled={!sync || !areaId || picked.size === 0} loading={running} data-testid="mass-apply">
          {action === 'in' ? t('mass.applyIn', { count: picked.size }) : t('mass.applyOut', { count: picked.size })}
        </Button>
      </Group>
    </Stack>
  );
}
