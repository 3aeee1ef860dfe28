// Adding or editing one watch-list entry: names, identifiers, the action, the sites,
// the admin-only reason and the expiry. Field errors from the server show beside their inputs.
import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { WatchListEntryWire } from '../../../../domain/watch-list';
import type { WatchListAction } from '../../../../domain/watch-list-match';
import { DateField } from '../../../ui/date-field';
import type { SiteOption, SendResult } from '../hooks/use-watch-list';

interface Props {
  entry: WatchListEntryWire | null;
  sites: SiteOption[];
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => Promise<SendResult>;
}

const dateOf = (ms: number | null) => (ms === null ? '' : dayjs(ms).format('YYYY-MM-DD'));

export function WatchListForm({ entry, sites, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const [fullName, setFullName] = useState(entry?.full_name ?? '');
  const [otherNames, setOtherNames] = useState((entry?.other_names ?? []).join('\n'));
  const [dob, setDob] = useState(entry?.date_of_birth ?? '');
  const [email, setEmail] = useState(entry?.email ?? '');
  const [phone, setPhone] = useState(entry?.phone ?? '');
  const [action, setAction] = useState<WatchListAction>(entry?.action ?? 'deny');
  const [siteIds, setSiteIds] = useState<string[]>(entry?.site_ids ?? []);
  const [reason, setReason] = useState(entry?.reason ?? '');
  const [expires, setExpires] = useState(dateOf(entry?.expires_at ?? null));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const err = (field: string) => (errors[field]?.[0] ? t(errors[field]![0]!) : undefined);

  async function save() {
    setBusy(true);
    const res = await onSave({
      full_name: fullName,
      other_names: otherNames
        .split('\n')
        .map((n) => n.trim())
        .filter(Boolean),
      date_of_birth: dob || null,
      email: email || null,
      phone: phone || null,
      action,
      site_ids: siteIds,
      reason,
      // The entry applies through the whole of its last day.
      expires_at: expires ? dayjs(expires).endOf('day').valueOf() : null,
      ...(entry ? { version: entry.version } : {}),
    });
    setBusy(false);
    if (res.ok) onClose();
    else setErrors(res.errors);
  }

  return (
    <Modal opened onClose={onClose} title={t(entry ? 'watchList.editTitle' : 'watchList.addTitle')} size="lg">
      <Stack gap="sm">
        <TextInput
          label={t('watchList.fields.fullName')}
          required
          value={fullName}
          onChange={(e) => setFullName(e.currentTarget.value)}
          error={err('full_name')}
          dir="auto"
          data-testid="watch-full-name"
        />
        <Textarea
          label={t('watchList.fields.otherNames')}
          description={t('watchList.fields.otherNamesHint')}
          value={otherNames}
          onChange={(e) => setOtherNames(e.currentTarget.value)}
          error={err('other_names')}
          autosize
          minRows={2}
          dir="auto"
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('watchList.fields.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={err('email')}
            dir="ltr"
            miw={200}
          />
          <TextInput
            label={t('watchList.fields.phone')}
            description={t('watchList.fields.phoneHint')}
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={err('phone')}
            dir="ltr"
            miw={200}
            data-testid="watch-phone"
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <DateField
            label={t('watchList.fields.dateOfBirth')}
            value={dob}
            onChange={setDob}
            error={err('date_of_birth')}
            miw={200}
          />
          <DateField
            label={t('watchList.fields.expiresAt')}
            value={expires}
            onChange={setExpires}
            error={err('expires_at')}
            miw={200}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="watch-action-label">
            {t('watchList.fields.action')}
          </Text>
          <SegmentedControl
            aria-labelledby="watch-action-label"
            value={action}
            onChange={(v) => setAction(v as WatchListAction)}
            data={[
              { value: 'deny', label: t('watchList.action.deny') },
              { value: 'escort', label: t('watchList.action.escort') },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          <Text size="xs" c="dimmed">
            {t(`watchList.actionHint.${action}`)}
          </Text>
        </Stack>
        <MultiSelect
          label={t('watchList.fields.sites')}
          placeholder={siteIds.length ? undefined : t('watchList.allSites')}
          data={sites.map((s) => ({ value: s.id, label: s.name }))}
          value={siteIds}
          onChange={setSiteIds}
          error={err('site_ids')}
          searchable
        />
        <Textarea
          label={t('watchList.fields.reason')}
          description={t('watchList.fields.reasonHint')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={err('reason')}
          autosize
          minRows={2}
          dir="auto"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('watchList.cancel')}
          </Button>
          <Button onClick={save} loading={busy} data-testid="watch-save">
            {t('watchList.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
