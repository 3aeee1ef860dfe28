// Mass sign-in / sign-out: choose the action, area and user type, pick people, and apply.
// Each person goes pending → in progress → completed through a sync mutation, so it works
// offline; people outside the admin's scope or already in that state are skipped with a reason.
import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { readFlowSettings, readJourneySettings } from '../../../../domain/journey';
import {
  complianceStatus,
  flowForArea,
  inScope,
  massActionResponse,
  skipReason,
  validDocuments,
  type MassAction,
  type MassContext,
  type PersonStatus,
} from '../../../../domain/mass-action';
import { onSite } from '../../../../domain/presence';
import type { LocalRow } from '../../../../sync/catalogue';
import { useDb } from '../../../db/db-context';
import { VaccineStatusBadge } from './vaccine-status-badge';
import { useSync } from '../../../sync/sync-context';
import { useScope } from '../hooks/use-scope';

const STATUS_COLOR: Record<PersonStatus, string> = { pending: 'gray', in_progress: 'blue', completed: 'teal' };
const COMPLIANCE_COLOR = { passed: 'teal', failed: 'red', not_required: 'gray' } as const;
// Stable empty lists while the first read runs (a fresh [] each render would re-run the memos).
const NO_PEOPLE: LocalRow<'people'>[] = [];
const NO_EVENTS: LocalRow<'visitEvents'>[] = [];

/** The area's journey flow for the type, its mode and form, and the people's answers and documents: all local. */
function useMassContext(areaId: string | null, typeId: string | null) {
  const db = useDb();
  const { i18n } = useTranslation();
  return useLiveQuery(async () => {
    if (!areaId || !typeId) return null;
    const [journeys, flows] = await Promise.all([db.journeys.toArray(), db.journeyFlows.toArray()]);
    const found = flowForArea(
      journeys.map((j) => ({ ...j, settings: readJourneySettings(j.settings) })),
      flows.map((f) => ({ ...f, settings: readFlowSettings(f.settings) })),
      areaId,
      typeId,
    );
    if (!found) return { found: null, ctx: { now: Date.now() } as MassContext };
    const formId = found.flow.settings.compliance_id;
    const modeId = found.journey.settings.attendance_mode_id;
    const [form, mode, answers, documents] = await Promise.all([
      formId ? db.complianceForms.get(formId) : undefined,
      modeId ? db.attendanceModes.get(modeId) : undefined,
      formId ? db.complianceAnswers.toArray() : [],
      db.personDocuments.toArray(),
    ]);
    const ctx: MassContext = {
      flow: found.flow,
      mode: mode ?? null,
      form: form ?? null,
      answers,
      documents,
      now: Date.now(),
      language: i18n.language,
    };
    return { found, ctx };
  }, [db, areaId, typeId, i18n.language]);
}

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
  const types = (useLiveQuery(() => db.userTypes.toArray(), [db]) ?? []).filter((ty) =>
    inScope(scope.userTypeIds, ty.id),
  );
  const people = useLiveQuery(() => db.people.toArray(), [db], NO_PEOPLE);
  const events = useLiveQuery(() => db.visitEvents.toArray(), [db], NO_EVENTS);
  const present = useMemo(() => onSite(events), [events]);
  const shown = useMemo(
    () => people.filter((p) => !typeId || p.userTypeId === typeId).sort((a, b) => a.fullName.localeCompare(b.fullName)),
    [people, typeId],
  );
  const hosts = useMemo(
    () => people.filter((p) => !p.archived).map((p) => ({ value: p.id, label: p.fullName })),
    [people],
  );
  const mass = useMassContext(areaId, typeId);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const reasonOptions = (mass?.ctx.mode?.reasons ?? []).filter(
    (r) => r.type === (action === 'in' ? 'late_sign_in' : 'early_sign_out'),
  );
  const details = useMemo(
    () =>
      areaId && typeId ? massActionResponse(areaId, typeId, shown, new Set(present.keys()), mass?.ctx)[0]!.users : [],
    [areaId, typeId, shown, present, mass],
  );
  const checks = details[0]?.checks;
  // A journey that needs a host and does not allow going without one: no sign-in without a host.
  const hostNeeded = action === 'in' && Boolean(checks?.host && !checks.allow_not_select_host);
  const today = new Date().toISOString().slice(0, 10);
  const reasonOf = (p: (typeof shown)[number]) =>
    areaId ? skipReason(p, action, areaId, scope, present.has(p.id)) : null;

  async function apply() {
    if (!sync || !areaId) return;
    setRunning(true);
    const chosen = shown.filter((p) => picked.has(p.id) && !reasonOf(p));
    setStatus(Object.fromEntries(chosen.map((p) => [p.id, 'pending' as const])));
    for (const p of chosen) {
      setStatus((s) => ({ ...s, [p.id]: 'in_progress' }));
      const base = { eventId: uuidv7(), personId: p.id, at: Date.now(), areaId };
      const d = details[shown.indexOf(p)];
      const record = {
        mass: true,
        compliance: complianceStatus(d?.compliances ?? []),
        ...(reasonId && reasonOptions.some((r) => r.id === reasonId) ? { reasonId } : {}),
        ...(mass?.found ? { journeyFlowId: mass.found.flow.id } : {}),
        ...(hostId && action === 'in'
          ? { host: { user_id: hostId, name: hosts.find((h) => h.value === hostId)?.label } }
          : {}),
      };
      if (action === 'in')
        await sync.record('visit.signIn', {
          ...base,
          userTypeId: p.userTypeId ?? undefined,
          details: { ...record, stage: 'ready to sign in' },
        });
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
      <SegmentedControl
        value={action}
        onChange={(v) => {
          setAction(v as MassAction);
          setPicked(new Set());
        }}
        data={[
          { value: 'in', label: t('mass.signIn') },
          { value: 'out', label: t('mass.signOut') },
        ]}
        data-testid="mass-mode"
      />
      <Group grow wrap="wrap">
        <Select
          label={t('mass.area')}
          data={areas.map((a) => ({ value: a.id, label: a.name }))}
          value={areaId}
          onChange={setAreaId}
          data-testid="mass-area"
        />
        <Select
          label={t('mass.userType')}
          data={types.map((ty) => ({ value: ty.id, label: ty.name }))}
          value={typeId}
          onChange={(v) => {
            setTypeId(v);
            setPicked(new Set());
          }}
          data-testid="mass-user-type"
        />
        {action === 'in' ? (
          <Select
            label={hostNeeded ? t('mass.hostRequired') : t('mass.host')}
            data={hosts}
            value={hostId}
            onChange={setHostId}
            clearable
            searchable
            required={hostNeeded}
            error={hostNeeded && !hostId && picked.size > 0 ? t('mass.chooseHost') : undefined}
            data-testid="mass-host"
          />
        ) : null}
      </Group>
      {areaId && typeId && mass ? (
        <Stack gap={2} data-testid="mass-flow">
          <Text size="sm" c="dimmed">
            {mass.found
              ? t('mass.flow', { journey: mass.found.journey.name, flow: mass.found.flow.name })
              : t('mass.noFlow')}
          </Text>
          {mass.ctx.mode?.reasons.length ? (
            <Text size="sm" c="dimmed" data-testid="mass-reasons">
              {t('mass.reasons', { list: mass.ctx.mode.reasons.map((r) => r.name).join(', ') })}
            </Text>
          ) : null}
          {/* Of several late (or early) reasons the admin picks one; the server applies
              it only to people it judges late (or early), the only one or the mode's code otherwise. */}
          {reasonOptions.length > 1 ? (
            <Select
              label={t('attendance.massReason')}
              clearable
              data={reasonOptions.map((r) => ({ value: r.id, label: r.name }))}
              value={reasonId}
              onChange={setReasonId}
              data-testid="mass-reason"
            />
          ) : null}
        </Stack>
      ) : null}
      {!areaId || !typeId ? (
        <Text c="dimmed" size="sm">
          {t('mass.choose')}
        </Text>
      ) : (
        <>
          <Checkbox
            label={t('mass.selectAll', { count: selectable.length })}
            checked={selectable.length > 0 && selectable.every((p) => picked.has(p.id))}
            onChange={(e) => setPicked(e.currentTarget.checked ? new Set(selectable.map((p) => p.id)) : new Set())}
            data-testid="mass-select-all"
          />
          <ScrollArea.Autosize mah={360}>
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mass.person')}</Table.Th>
                  <Table.Th>{t('mass.compliance')}</Table.Th>
                  <Table.Th>{t('mass.documents')}</Table.Th>
                  <Table.Th>{t('mass.checks')}</Table.Th>
                  <Table.Th>{t('mass.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((p, i) => {
                  const reason = reasonOf(p);
                  const d = details[i];
                  const compliance = complianceStatus(d?.compliances ?? []);
                  const valid = validDocuments(d?.documents ?? [], today).length;
                  return (
                    <Table.Tr
                      key={p.id}
                      data-testid="mass-person"
                      data-person-id={p.id}
                      data-status={status[p.id] ?? ''}
                      data-skipped={reason ?? ''}
                    >
                      <Table.Td>
                        <Checkbox
                          label={p.fullName}
                          disabled={Boolean(reason) || running}
                          checked={picked.has(p.id)}
                          onChange={(e) => {
                            const next = new Set(picked);
                            if (e.currentTarget.checked) next.add(p.id);
                            else next.delete(p.id);
                            setPicked(next);
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={COMPLIANCE_COLOR[compliance]}
                          data-testid="mass-compliance"
                          data-compliance={compliance}
                        >
                          {t(`mass.complianceStatus.${compliance}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text
                          size="xs"
                          c={valid ? undefined : 'dimmed'}
                          data-testid="mass-documents"
                          data-valid={valid}
                        >
                          {valid ? t('mass.validDocuments', { count: valid }) : t('mass.noDocuments')}
                        </Text>
                        <VaccineStatusBadge
                          formId={mass?.found?.flow.settings.compliance_id}
                          documents={d?.documents ?? []}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed">
                          {d?.checks.temperature_check || d?.checks.mask_check
                            ? [
                                d.checks.temperature_check
                                  ? t('mass.temperature', { threshold: d.checks.temperature_threshold })
                                  : null,
                                d.checks.mask_check ? t('mass.mask') : null,
                              ]
                                .filter(Boolean)
                                .join(' · ')
                            : t('mass.noChecks')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {reason ? (
                          <Text size="xs" c="orange.8">
                            {t(`mass.skip.${reason}`)}
                          </Text>
                        ) : status[p.id] ? (
                          <Badge color={STATUS_COLOR[status[p.id]!]} data-testid="mass-status">
                            {t(`mass.status.${status[p.id]}`)}
                          </Badge>
                        ) : null}
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
        <Button
          onClick={() => void apply()}
          disabled={!sync || !areaId || picked.size === 0 || (hostNeeded && !hostId)}
          loading={running}
          data-testid="mass-apply"
        >
          {action === 'in' ? t('mass.applyIn', { count: picked.size }) : t('mass.applyOut', { count: picked.size })}
        </Button>
      </Group>
    </Stack>
  );
}
