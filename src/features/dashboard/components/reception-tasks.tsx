// "Waiting at reception": today's kiosk visits that wait for a decision (a required certificate
// not valid on the profile, a journey that asks for approval, an entry answer explained in
// notes), each with why, since when, a link to the person's profile (where reception attaches a
// certificate) and Let in / Refuse. Read from this device's data and decided with the sync
// mutation visit.decide, so it works offline too; the server decides again on push.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Image, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { formatTime } from '../../../../domain/date-format';
import { stageAwaitsDecision, type VisitDecision } from '../../../../domain/journey';
import { VACCINE_STATUSES, type VaccineStatus } from '../../../../domain/vaccine-status';
import { fetchDocumentFile, saveBlob } from '../../../api/document-file';
import { useDb } from '../../../db/db-context';
import type { KioskVisitRow } from '../../../db/schema';
import { useSync } from '../../../sync/sync-context';
import { showFormSuccess } from '../../../ui/form-toasts';

/** Why the visit waits, as the i18n key of its reason (and the certificate's status when that is why). */
function reasonOf(visit: KioskVisitRow): { key: string; status?: VaccineStatus } {
  const document = (visit.details as { document?: unknown } | null)?.document;
  const status = VACCINE_STATUSES.find((s) => s === document);
  if (status && status !== 'not_applicable' && status !== 'vaccinated' && status !== 'negative_pcr')
    return { key: 'reception.reasons.document', status };
  if (visit.stage === 'waiting for admin approval (compliance failed)') return { key: 'reception.reasons.answers' };
  return { key: 'reception.reasons.approval' };
}

/** The certificate photo a visitor took at the kiosk, fetched with this session's token. */
function CertificatePhoto({ documentId, name, onClose }: { documentId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ url: string; blob: Blob } | 'failed' | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void fetchDocumentFile(documentId).then((blob) => {
      if (!live) return;
      if (!blob) return setShown('failed');
      url = URL.createObjectURL(blob);
      setShown({ url, blob });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [documentId]);
  return (
    <Modal opened onClose={onClose} title={t('reception.certificateOf', { name })} size="lg">
      {shown === null ? <Loader /> : null}
      {shown === 'failed' ? (
        <Alert color="yellow" data-testid="reception-certificate-failed">
          {t('reception.certificateFailed')}
        </Alert>
      ) : null}
      {shown && shown !== 'failed' && shown.blob.type.startsWith('image/') ? (
        // The server re-encoded the image: shown here; a PDF is saved instead, never rendered.
        <Image src={shown.url} alt={t('reception.certificateOf', { name })} data-testid="reception-certificate-photo" />
      ) : null}
      {shown && shown !== 'failed' && !shown.blob.type.startsWith('image/') ? (
        <Button
          onClick={() => saveBlob(shown.blob, `certificate-${documentId}.pdf`)}
          data-testid="reception-certificate-save"
        >
          {t('documents.viewFile')}
        </Button>
      ) : null}
    </Modal>
  );
}

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

export function ReceptionTasks() {
  const { t, i18n } = useTranslation();
  const db = useDb();
  const sync = useSync();
  const [viewing, setViewing] = useState<{ documentId: string; name: string } | null>(null);
  const since = startOfToday();
  const waiting = useLiveQuery(async () => {
    const visits = (await db.kioskVisits.where('at').aboveOrEqual(since).toArray())
      .filter((v) => stageAwaitsDecision(v.stage))
      .sort((a, b) => a.at - b.at);
    const people = await db.people.bulkGet(visits.map((v) => v.personId));
    const areas = await db.areas.bulkGet(visits.map((v) => v.areaId));
    // The newest certificate the visitor sent themselves (a photo at the kiosk, a file from the
    // visit's link): what reception opens before deciding.
    const sent = await db.personDocuments
      .where('personId')
      .anyOf(visits.map((v) => v.personId))
      .filter((d) => (d.details as { submitted_by?: unknown } | null)?.submitted_by === 'visitor')
      .toArray();
    const newest = new Map<string, string>();
    for (const d of sent.sort((a, b) => a.id.localeCompare(b.id))) newest.set(d.personId, d.id);
    return visits.map((visit, i) => {
      const named = (visit.details as { certificate?: unknown } | null)?.certificate;
      const certificate = typeof named === 'string' ? named : newest.get(visit.personId);
      return { visit, person: people[i], area: areas[i], certificate };
    });
  }, [db, since]);
  if (!waiting?.length) return null;

  async function decide(visit: KioskVisitRow, name: string, decision: VisitDecision) {
    if (!sync) return;
    const r = await sync.record('visit.decide', { visitId: visit.id, decision, eventId: uuidv7(), at: Date.now() });
    if (r.ok) showFormSuccess(t(decision === 'approved' ? 'reception.approved' : 'reception.refused', { name }));
  }

  return (
    <Paper withBorder radius="md" p="lg" data-testid="reception-tasks">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4">
          {t('reception.title')}
        </Title>
        <Badge color="yellow" variant="light">
          {t('reception.count', { count: waiting.length })}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('reception.help')}
      </Text>
      <Stack gap="sm">
        {waiting.map(({ visit, person, area, certificate }) => {
          const name = person?.fullName ?? '—';
          const reason = reasonOf(visit);
          return (
            <Group
              key={visit.id}
              justify="space-between"
              wrap="wrap"
              gap="sm"
              data-testid="reception-task"
              data-visit={visit.id}
            >
              <Stack gap={2} miw={0}>
                <Text fw={600} dir="auto">
                  {name}
                </Text>
                <Text size="sm" data-testid="reception-reason">
                  {t(reason.key, reason.status ? { status: t(`vaccineStatus.${reason.status}`) } : {})}
                </Text>
                <Text size="sm" c="dimmed">
                  {[area?.name, t('reception.since', { time: formatTime(visit.at, i18n.language) })]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Group gap="xs" wrap="wrap">
                {certificate ? (
                  <Button
                    variant="light"
                    onClick={() => setViewing({ documentId: certificate, name })}
                    data-testid="reception-certificate"
                  >
                    {t('reception.certificate')}
                  </Button>
                ) : null}
                {person ? (
                  <Button
                    component={Link}
                    to={`/users?search=${encodeURIComponent(name)}&edit=${person.id}`}
                    variant="subtle"
                    data-testid="reception-profile"
                  >
                    {t('reception.profile')}
                  </Button>
                ) : null}
                <Button
                  color="red"
                  variant="light"
                  onClick={() => void decide(visit, name, 'rejected')}
                  data-testid="reception-refuse"
                >
                  {t('reception.refuse')}
                </Button>
                <Button
                  color="teal"
                  onClick={() => void decide(visit, name, 'approved')}
                  data-testid="reception-approve"
                >
                  {t('reception.approve')}
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
      {viewing ? <CertificatePhoto {...viewing} onClose={() => setViewing(null)} /> : null}
    </Paper>
  );
}
