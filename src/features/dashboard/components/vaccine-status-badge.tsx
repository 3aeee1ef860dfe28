// The vaccine/PCR status (spec 1 §4, domain/vaccine-status.ts) of a person against the form
// their visit asked, from this device's data: on the visit drawer and in the mass-action details.
import { Badge, Group, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { readFlowSettings } from '../../../../domain/journey';
import { vaccineStatus, type StatusDocument, type VaccineStatus } from '../../../../domain/vaccine-status';
import { useDb } from '../../../db/db-context';

const COLOR: Record<VaccineStatus, string> = {
  not_applicable: 'gray',
  vaccinated: 'teal',
  negative_pcr: 'teal',
  positive_pcr: 'red',
  unchecked: 'yellow',
  expired: 'orange',
  not_supported: 'orange',
  disabled: 'gray',
};

export function VaccineStatusBadge(props: { formId: string | null | undefined; documents: readonly StatusDocument[] }) {
  const { t } = useTranslation();
  const db = useDb();
  const form = useLiveQuery(
    async () => (props.formId ? db.complianceForms.get(props.formId) : undefined),
    [db, props.formId],
  );
  const status = vaccineStatus(form, props.documents, Date.now());
  if (status === 'not_applicable') return null;
  return (
    <Badge size="xs" variant="light" color={COLOR[status]} data-testid="vaccine-status" data-status={status}>
      {t(`vaccineStatus.${status}`)}
    </Badge>
  );
}

/** The form comes from the kiosk visit's flow, else from the person's latest answer. */
export function VisitVaccineStatus({ personId, kioskVisitId }: { personId: string; kioskVisitId: unknown }) {
  const { t } = useTranslation();
  const db = useDb();
  const found = useLiveQuery(async () => {
    const visit = typeof kioskVisitId === 'string' ? await db.kioskVisits.get(kioskVisitId) : undefined;
    const flow = visit?.journeyFlowId ? await db.journeyFlows.get(visit.journeyFlowId) : undefined;
    let formId = flow ? readFlowSettings(flow.settings).compliance_id : null;
    if (!formId) {
      const answers = await db.complianceAnswers
        .where('[personId+complianceId]')
        .between([personId], [personId, []])
        .toArray();
      formId = answers.sort((a, b) => b.at - a.at)[0]?.complianceId ?? null;
    }
    const form = formId ? await db.complianceForms.get(formId) : undefined;
    const documents = await db.personDocuments.where('personId').equals(personId).toArray();
    return { form, documents };
  }, [db, personId, kioskVisitId]);
  const status = vaccineStatus(found?.form, found?.documents ?? [], Date.now());
  if (!found || status === 'not_applicable') return null;
  return (
    <Group gap="xs" data-testid="visit-vaccine-status">
      <Text size="sm" c="dimmed" miw={110}>
        {t('vaccineStatus.label')}
      </Text>
      <Badge variant="light" color={COLOR[status]} data-status={status}>
        {t(`vaccineStatus.${status}`)}
      </Badge>
    </Group>
  );
}
