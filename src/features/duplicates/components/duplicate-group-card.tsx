// One group of likely duplicates: each record in a column with its visits, documents, card and
// photo; a "keep" choice per record, a "use this value" choice per field, and the merge button.
import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MERGE_FIELDS, type MergeField } from '../../../../domain/duplicates';
import { UserPhoto } from '../../../ui/user-photo';
import { useMerge, type BoardGroup, type BoardPerson } from '../hooks/use-duplicates';

const valueOf = (p: BoardPerson, f: MergeField): string | null => {
  switch (f) {
    case 'fullName':
      return p.fullName;
    case 'email':
      return p.email;
    case 'phone':
      return p.phone ? `${p.countryCode ?? ''} ${p.phone}`.trim() : null;
    case 'userTypeId':
      return p.userTypeName;
    case 'image':
      return p.image;
  }
};

export function DuplicateGroupCard({ group, onMerged }: { group: BoardGroup; onMerged: () => Promise<void> }) {
  const { t } = useTranslation();
  const merge = useMerge();
  const [keepId, setKeepId] = useState<string | null>(null);
  const [left, setLeft] = useState<Set<string>>(new Set());
  const [fields, setFields] = useState<Partial<Record<MergeField, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = group.users.map((u) => u.id.slice(-6)).join('');
  const mergeIds = group.users.filter((u) => u.id !== keepId && !left.has(u.id)).map((u) => u.id);
  const sourceOf = (f: MergeField) => fields[f] ?? keepId;
  const kept = group.users.find((u) => u.id === keepId);

  async function run() {
    setConfirming(false);
    setBusy(true);
    const chosen = Object.fromEntries(
      Object.entries(fields).filter(([, id]) => id && id !== keepId && mergeIds.includes(id)),
    );
    const ok = await merge({ keep_id: keepId, merge_ids: keepId ? mergeIds : [], fields: chosen });
    setBusy(false);
    if (ok) await onMerged();
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="duplicate-group">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="xs">
          <Title order={2} size="h5">
            {t('duplicates.groupTitle', { count: group.users.length })}
          </Title>
          {group.reasons.map((r) => (
            <Badge key={r} variant="light">
              {t(`duplicates.reasons.${r}`)}
            </Badge>
          ))}
        </Group>
        <Button
          data-testid="merge-group"
          loading={busy}
          onClick={() => (keepId && mergeIds.length ? setConfirming(true) : void run())}
        >
          {t('duplicates.merge')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(group.users.length, 3) }} spacing="sm">
        {group.users.map((p) => (
          <Paper
            key={p.id}
            withBorder
            radius="sm"
            p="sm"
            data-testid="duplicate-person"
            data-name={p.fullName}
            bg={p.id === keepId ? 'var(--mantine-color-blue-light)' : undefined}
          >
            <Stack gap="xs">
              <Group gap="sm" wrap="nowrap">
                <UserPhoto src={p.image} name={p.fullName} size="lg" />
                <Radio
                  name={`keep-${key}`}
                  checked={p.id === keepId}
                  onChange={() => setKeepId(p.id)}
                  label={t('duplicates.keep', { name: p.fullName })}
                  data-testid="keep-person"
                />
              </Group>
              {MERGE_FIELDS.map((f) => (
                <Radio
                  key={f}
                  name={`${f}-${key}`}
                  disabled={p.id !== keepId && left.has(p.id)}
                  checked={sourceOf(f) === p.id}
                  onChange={() => setFields((prev) => ({ ...prev, [f]: p.id }))}
                  label={
                    <Stack gap={0} component="span">
                      <Text span c="dimmed" size="xs">
                        {t(`duplicates.fields.${f}`)}
                      </Text>
                      <Text span size="sm">
                        {f === 'image' ? (
                          t(p.image ? 'duplicates.hasPhoto' : 'duplicates.noPhoto')
                        ) : (
                          <bdi dir={f === 'email' || f === 'phone' ? 'ltr' : 'auto'}>{valueOf(p, f) ?? '—'}</bdi>
                        )}
                      </Text>
                    </Stack>
                  }
                />
              ))}
              <Group gap="xs">
                <Badge variant="outline">{t('duplicates.visits', { count: p.visits })}</Badge>
                <Badge variant="outline">{t('duplicates.documents', { count: p.documents })}</Badge>
                <Badge variant="outline">
                  {p.rfid ? t('duplicates.card', { rfid: p.rfid }) : t('duplicates.noCard')}
                </Badge>
              </Group>
              {keepId && p.id !== keepId ? (
                <Checkbox
                  checked={!left.has(p.id)}
                  onChange={(e) => {
                    const next = new Set(left);
                    if (e.currentTarget.checked) next.delete(p.id);
                    else next.add(p.id);
                    setLeft(next);
                  }}
                  label={t('duplicates.include')}
                />
              ) : null}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('duplicates.confirmTitle')}>
        <Text dir="auto">{t('duplicates.confirmBody', { count: mergeIds.length, name: kept?.fullName ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('duplicates.cancel')}
          </Button>
          <Button data-testid="confirm-merge" onClick={() => void run()}>
            {t('duplicates.merge')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
