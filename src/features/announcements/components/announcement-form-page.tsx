// /add-announcement (and ?id= to edit): description, link, urgent, pinned, verbal, target user
// types, publish and expiry time. The server applies the same rules (domain/announcement.ts);
// its messages appear beside the fields. After saving the admin goes back to /announcements.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ANNOUNCEMENT_LIMITS } from '../../../../domain/announcement';
import { textsOf, writtenTexts, type Texts } from '../../../../domain/localized-text';
import { api } from '../../../api/client';
import { DateTimeField } from '../../../ui/date-time-field';
import { LocalizedInput } from '../../../ui/localized-input';
import { PageLoader } from '../../../ui/page-loader';
import { PageTitle } from '../../../ui/page-title';
import { useAnnouncementList, useAnnouncementSend, type AnnouncementWire } from '../hooks/use-announcements';

interface Draft {
  description: Texts;
  url: string;
  urgent: boolean;
  pinned: boolean;
  verbal: boolean;
  targets: string[];
  publish: string;
  expiry: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Epoch ms → YYYY-MM-DDTHH:mm (the date-time field's value), in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (s: string): number | null => (s ? new Date(s).getTime() : null);

const draftOf = (a: AnnouncementWire): Draft => ({
  description: textsOf(a.description),
  url: a.url ?? '',
  urgent: a.urgent,
  pinned: a.pinned,
  verbal: a.verbal,
  targets: a.target_user_types,
  publish: toLocalInput(a.publish_time),
  expiry: a.expiry_time ? toLocalInput(a.expiry_time) : '',
});
const emptyDraft = (): Draft => ({
  description: {},
  url: '',
  urgent: false,
  pinned: false,
  verbal: false,
  targets: [],
  publish: toLocalInput(Date.now()),
  expiry: '',
});

export function AnnouncementFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id');
  const { list } = useAnnouncementList(null);
  const send = useAnnouncementSend();
  const [opened] = useState(emptyDraft);
  const [draft, setDraft] = useState<Draft | null>(id ? null : opened);
  const [current, setCurrent] = useState<AnnouncementWire | null>(null);
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    void api.get<{ data: AnnouncementWire }>(`/announcements/${id}`).then((res) => {
      if (res.ok) {
        setCurrent(res.data.data);
        setDraft(draftOf(res.data.data));
      } else if (res.status === 404) setMissing(true);
    });
  }, [id]);

  if (missing) return <Alert color="red">{t('announcements.notFound')}</Alert>;
  if (!draft) return <PageLoader />;

  // A field's message goes once that field is changed; the others stay until the next save.
  const change = (patch: Partial<Draft>, field: string) => {
    setDraft({ ...draft, ...patch });
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const err = (field: string) => errors[field]?.[0];

  async function submit() {
    if (!draft) return;
    setBusy(true);
    // A new announcement's untouched publish time means "now", however long the form was open.
    const publish = !current && draft.publish === opened.publish ? Date.now() : fromLocalInput(draft.publish);
    // An untouched publish time of an edit is sent as stored (to the millisecond).
    const keep = current && draft.publish === toLocalInput(current.publish_time);
    const body = {
      description: writtenTexts(draft.description),
      url: draft.url,
      urgent: draft.urgent,
      pinned: draft.pinned,
      verbal: draft.verbal,
      target_user_types: draft.targets,
      publish_time: keep ? current.publish_time : publish,
      expiry_time: fromLocalInput(draft.expiry),
      ...(current ? { version: current.version } : {}),
    };
    const res = await send(
      id ? 'PUT' : 'POST',
      id ? `/announcements/${id}` : '/announcements',
      body,
      t('announcements.saved'),
    );
    setBusy(false);
    if (!res.ok) return setErrors(res.errors);
    navigate('/announcements');
  }

  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{id ? t('announcements.formTitleEdit') : t('announcements.formTitleNew')}</PageTitle>
      <Paper withBorder radius="md" p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Stack gap="md">
            <LocalizedInput
              label={t('announcements.fields.description')}
              value={draft.description}
              onChange={(description) => change({ description }, 'description')}
              error={err('description')}
              maxLength={ANNOUNCEMENT_LIMITS.description}
              multiline
              required
              testId="announcement-description"
            />
            <TextInput
              label={t('announcements.fields.url')}
              type="url"
              value={draft.url}
              onChange={(e) => change({ url: e.currentTarget.value }, 'url')}
              error={err('url')}
              maxLength={ANNOUNCEMENT_LIMITS.url}
              dir="ltr"
              data-testid="announcement-url"
            />
            <Checkbox.Group
              label={t('announcements.fields.targets')}
              value={draft.targets}
              onChange={(targets) => change({ targets }, 'target_user_types')}
              error={err('target_user_types')}
              withAsterisk
            >
              <Group gap="md" mt="xs">
                {(list?.user_types ?? []).map((type) => (
                  <Checkbox key={type.id} value={type.id} label={type.name} data-testid="announcement-target" />
                ))}
              </Group>
            </Checkbox.Group>
            {/* One column on a phone: side by side, each day-and-time pair was cut off. */}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateTimeField
                label={t('announcements.fields.publish')}
                value={draft.publish}
                onChange={(publish) => change({ publish }, 'publish_time')}
                error={err('publish_time')}
                required
                testId="announcement-publish"
              />
              <DateTimeField
                label={t('announcements.fields.expiry')}
                description={t('announcements.hints.expiry')}
                value={draft.expiry}
                onChange={(expiry) => change({ expiry }, 'expiry_time')}
                error={err('expiry_time')}
                testId="announcement-expiry"
              />
            </SimpleGrid>
            {(['urgent', 'pinned', 'verbal'] as const).map((flag) => (
              <Switch
                key={flag}
                label={t(`announcements.fields.${flag}`)}
                description={t(`announcements.hints.${flag}`)}
                checked={draft[flag]}
                onChange={(e) => change({ [flag]: e.currentTarget.checked }, flag)}
                data-testid={`announcement-${flag}`}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to="/announcements">
                {t('announcements.back')}
              </Button>
              <Button type="submit" loading={busy} data-testid="announcement-save">
                {t('announcements.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
