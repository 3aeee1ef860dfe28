// /notification-settings: the company's order of channels with the minutes each
// waits for an answer, the SMS/Slack/Teams provider settings (secrets are write-only: a saved
// one shows as "saved", typing replaces it), the reception e-mail, each site's reception e-mail
// and channel webhooks, and the failed notifications of the week.
import { useEffect, useState } from 'react';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { PLAN_CHANNELS } from '../../../../domain/schemas/notifications';
import { api } from '../../../api/client';
import { useDb } from '../../../db/db-context';
import { showFormError, showFormSuccess } from '../../../ui/form-toasts';
import { PageTitle } from '../../../ui/page-title';
import { NotificationFailures } from './notification-failures';

type Step = { channel: string; delayMinutes: number };
interface Settings {
  plan: Step[];
  config: Record<string, Record<string, string>>;
  secretsSet: Record<string, boolean>;
  siteSecretsSet: Record<string, Record<string, boolean>>;
}

const SITE_SECRETS = ['slackWebhookUrl', 'teamsWebhookUrl'] as const;
const siteField = (siteId: string, key: string) => `site:${siteId}:${key}`;

export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const db = useDb();
  const siteList = useLiveQuery(
    async () =>
      (await db.sites.toArray())
        .filter((s) => !(s as { deletedAt?: unknown }).deletedAt)
        .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    [db],
  );
  const [loaded, setLoaded] = useState<Settings | null>(null);
  const [plan, setPlan] = useState<Step[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(0);
  useEffect(() => {
    void api.get<{ data: Settings }>('/notification-settings').then((r) => {
      if (!r.ok) return;
      const s = r.data.data;
      setLoaded(s);
      setPlan(s.plan);
      setFields({
        accountSid: s.config.sms?.accountSid ?? '',
        from: s.config.sms?.from ?? '',
        smsBaseUrl: s.config.sms?.baseUrl ?? '',
        slackMode: s.config.slack?.mode ?? 'bot',
        slackBaseUrl: s.config.slack?.baseUrl ?? '',
        receptionEmail: s.config.reception?.email ?? '',
        ...Object.fromEntries(
          Object.entries(s.config)
            .filter(([key]) => key.startsWith('site:'))
            .map(([key, value]) => [`${key}:receptionEmail`, value.receptionEmail ?? '']),
        ),
      });
    });
  }, [saved]);
  if (!loaded) return null;
  const f = (key: string) => fields[key] ?? '';
  // The value is read now: a queued updater runs after the event, when currentTarget is null
  // (two quick edits crashed the page).
  const set = (key: string) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setFields((x) => ({ ...x, [key]: value }));
  };
  const secret = (key: string, label: string, testId: string, isSet = loaded.secretsSet[key]) => (
    <PasswordInput
      label={t(label)}
      description={isSet ? t('notifications.settings.secretSet') : undefined}
      value={f(key)}
      onChange={set(key)}
      autoComplete="off"
      data-testid={testId}
    />
  );
  const optional = (value: string) => (value ? value : undefined);

  async function save() {
    const body = {
      plan,
      sms: f('accountSid')
        ? {
            accountSid: f('accountSid'),
            from: f('from'),
            baseUrl: f('smsBaseUrl'),
            authToken: optional(f('smsAuthToken')),
          }
        : undefined,
      slack: {
        mode: f('slackMode') === 'webhook' ? 'webhook' : 'bot',
        baseUrl: f('slackBaseUrl'),
        botToken: optional(f('slackBotToken')),
        webhookUrl: optional(f('slackWebhookUrl')),
      },
      teams: { webhookUrl: optional(f('teamsWebhookUrl')) },
      reception: { email: f('receptionEmail') },
      sites: Object.fromEntries(
        (siteList ?? []).map((s) => [
          s.id,
          {
            receptionEmail: f(siteField(s.id, 'receptionEmail')),
            ...Object.fromEntries(SITE_SECRETS.map((k) => [k, optional(f(siteField(s.id, k)))])),
          },
        ]),
      ),
    };
    const r = await api.request('PUT', '/notification-settings', { body });
    if (!r.ok) return showFormError(r.body?.message ?? t('errors.validation_failed'));
    showFormSuccess(t('notifications.settings.saved'));
    setFields((x) => ({
      ...x,
      smsAuthToken: '',
      slackBotToken: '',
      slackWebhookUrl: '',
      teamsWebhookUrl: '',
      ...Object.fromEntries((siteList ?? []).flatMap((s) => SITE_SECRETS.map((k) => [siteField(s.id, k), '']))),
    }));
    setSaved((n) => n + 1);
  }

  const channelOptions = PLAN_CHANNELS.map((c) => ({ value: c, label: t(`notifications.channels.${c}`) }));
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>{t('notifications.settings.title')}</PageTitle>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>{t('notifications.settings.plan')}</Title>
          {plan.map((step, i) => (
            <Group key={i} align="flex-end" wrap="wrap" data-testid="plan-step">
              <Text fw={600} miw={24}>
                {i + 1}.
              </Text>
              <Select
                label={t('notifications.settings.channel')}
                data={channelOptions}
                value={step.channel}
                allowDeselect={false}
                data-testid="plan-step-channel"
                onChange={(v) => setPlan((p) => p.map((s, j) => (j === i ? { ...s, channel: v ?? s.channel } : s)))}
              />
              {i > 0 ? (
                <NumberInput
                  label={t('notifications.settings.delay')}
                  min={0}
                  max={240}
                  value={step.delayMinutes}
                  onChange={(v) =>
                    setPlan((p) => p.map((s, j) => (j === i ? { ...s, delayMinutes: Number(v) || 0 } : s)))
                  }
                />
              ) : null}
              {plan.length > 1 ? (
                <Button variant="subtle" color="red" onClick={() => setPlan((p) => p.filter((_, j) => j !== i))}>
                  {t('notifications.settings.removeStep')}
                </Button>
              ) : null}
            </Group>
          ))}
          {plan.length < 4 ? (
            <Group>
              <Button variant="light" onClick={() => setPlan((p) => [...p, { channel: 'email', delayMinutes: 2 }])}>
                {t('notifications.settings.addStep')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>{t('notifications.settings.smsSection')}</Title>
          <TextInput
            label={t('notifications.settings.accountSid')}
            value={f('accountSid')}
            onChange={set('accountSid')}
            dir="ltr"
          />
          <TextInput label={t('notifications.settings.from')} value={f('from')} onChange={set('from')} dir="ltr" />
          {secret('smsAuthToken', 'notifications.settings.authToken', 'sms-auth-token')}
          <TextInput
            label={t('notifications.settings.baseUrl')}
            value={f('smsBaseUrl')}
            onChange={set('smsBaseUrl')}
            placeholder="https://api.twilio.com"
            dir="ltr"
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>{t('notifications.settings.slackSection')}</Title>
          <Text size="sm" id="slack-mode-label">
            {t('notifications.settings.slackMode')}
          </Text>
          <SegmentedControl
            aria-labelledby="slack-mode-label"
            value={f('slackMode') || 'bot'}
            onChange={(v) => setFields((x) => ({ ...x, slackMode: v }))}
            data={[
              { value: 'bot', label: t('notifications.settings.slackBot') },
              { value: 'webhook', label: t('notifications.settings.slackWebhook') },
            ]}
          />
          {f('slackMode') === 'webhook'
            ? secret('slackWebhookUrl', 'notifications.settings.webhookUrl', 'slack-webhook-url')
            : secret('slackBotToken', 'notifications.settings.botToken', 'slack-bot-token')}
          {f('slackMode') !== 'webhook' ? (
            <TextInput
              label={t('notifications.settings.baseUrl')}
              value={f('slackBaseUrl')}
              onChange={set('slackBaseUrl')}
              placeholder="https://slack.com/api"
              dir="ltr"
            />
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>{t('notifications.settings.teamsSection')}</Title>
          {secret('teamsWebhookUrl', 'notifications.settings.webhookUrl', 'teams-webhook-url')}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>{t('notifications.settings.receptionSection')}</Title>
          <Text size="sm" c="dimmed">
            {t('notifications.settings.receptionHelp')}
          </Text>
          <TextInput
            type="email"
            label={t('notifications.settings.companyReception')}
            value={f('receptionEmail')}
            onChange={set('receptionEmail')}
            dir="ltr"
            data-testid="reception-email"
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>{t('notifications.settings.sitesSection')}</Title>
          <Text size="sm" c="dimmed">
            {t('notifications.settings.sitesHelp')}
          </Text>
          {siteList && !siteList.length ? <Text size="sm">{t('notifications.settings.noSites')}</Text> : null}
          {(siteList ?? []).map((s) => (
            <Paper key={s.id} withBorder p="sm" data-testid="site-notification-settings" data-site={s.id}>
              <Stack gap="xs">
                <Title order={4}>{String(s.name)}</Title>
                <TextInput
                  type="email"
                  label={t('notifications.settings.siteReception')}
                  value={f(siteField(s.id, 'receptionEmail'))}
                  onChange={set(siteField(s.id, 'receptionEmail'))}
                  dir="ltr"
                  data-testid="site-reception-email"
                />
                {f('slackMode') === 'webhook'
                  ? secret(
                      siteField(s.id, 'slackWebhookUrl'),
                      'notifications.settings.siteSlackWebhook',
                      'site-slack-webhook-url',
                      loaded.siteSecretsSet?.[s.id]?.slackWebhookUrl,
                    )
                  : null}
                {secret(
                  siteField(s.id, 'teamsWebhookUrl'),
                  'notifications.settings.siteTeamsWebhook',
                  'site-teams-webhook-url',
                  loaded.siteSecretsSet?.[s.id]?.teamsWebhookUrl,
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Paper>
      <Group>
        <Button size="md" onClick={() => void save()} data-testid="notification-settings-save">
          {t('notifications.settings.save')}
        </Button>
      </Group>
      <NotificationFailures refresh={saved} />
    </Stack>
  );
}
