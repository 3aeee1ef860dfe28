// The credentials each directory takes (spec 1 §3): Microsoft Entra ID tenant id, client id and
// secret; Google Workspace a token from consent; Paxton Net2 user name, password, client id and
// server address; Wonde school id and token. Stored secrets are never shown: empty keeps them.
import { Alert, Badge, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IntegrationWire } from '../../../../domain/integrations';
import { useConnectionTest } from '../hooks/use-connection-test';
import type { SettingsForm } from '../hooks/use-integration-settings-form';

type Field = 'tenantId' | 'clientId' | 'clientSecret' | 'username' | 'password' | 'serverUrl' | 'schoolId' | 'token';
const FIELDS: Record<SettingsForm['kind'], Field[]> = {
  azureAD: ['tenantId', 'clientId', 'clientSecret'],
  googleAD: [],
  paxton: ['username', 'password', 'clientId', 'serverUrl'],
  wonde: ['schoolId', 'token'],
};
const SECRET: Field[] = ['clientSecret', 'password', 'token'];
/** Labels the old Entra form already had stay under `integrations.settings`. */
const LABEL: Record<Field, string> = {
  tenantId: 'integrations.settings.tenantId',
  clientId: 'integrations.settings.clientId',
  clientSecret: 'integrations.settings.clientSecret',
  username: 'integrationSettings.username',
  password: 'integrationSettings.password',
  serverUrl: 'integrationSettings.serverUrl',
  schoolId: 'integrationSettings.schoolId',
  token: 'integrationSettings.token',
};

export function CredentialsSettingsFields(props: {
  form: SettingsForm;
  set: (k: Field) => (e: { currentTarget: { value: string } }) => void;
  err: (k: string) => string | undefined;
  saved: IntegrationWire | null;
  busy: boolean;
  onConnect: () => void;
}) {
  const { t } = useTranslation();
  const { form, set, err, saved } = props;
  const consent = form.kind === 'googleAD' || form.kind === 'azureAD';
  const connection = useConnectionTest(form, saved);
  const result = connection.result;
  return (
    <Stack gap="sm" data-testid={`credentials-${form.kind}`}>
      <Text c="dimmed" size="sm">
        {t(`integrationSettings.hint.${form.kind}`)}
      </Text>
      {FIELDS[form.kind].length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS[form.kind].map((k) => {
            const common = {
              label: t(LABEL[k]),
              'data-testid': `integration-${k}`,
              value: form[k],
              onChange: set(k),
              error: err(`credentials.${k}`),
            };
            return SECRET.includes(k) ? (
              <PasswordInput
                {...common}
                key={k}
                description={saved ? t('integrationSettings.secretKept') : undefined}
                required={!saved}
                autoComplete="new-password"
              />
            ) : (
              <TextInput
                {...common}
                key={k}
                required
                dir={k === 'serverUrl' ? 'ltr' : undefined}
                placeholder={k === 'serverUrl' ? t('integrationSettings.serverUrlHint') : undefined}
              />
            );
          })}
        </SimpleGrid>
      ) : null}
      {consent ? (
        <Group gap="sm" wrap="wrap">
          {saved?.connected ? (
            <Badge color="green" variant="light" tt="none" data-testid="integration-connected">
              {saved.connected_account
                ? t('integrationSettings.connected', { account: saved.connected_account })
                : t('integrationSettings.connectedNoAccount')}
            </Badge>
          ) : (
            <Alert color="blue" variant="light" p="xs">
              {t('integrationSettings.notConnected')}
            </Alert>
          )}
          <Button
            variant="light"
            onClick={props.onConnect}
            loading={props.busy}
            data-testid="integration-connect"
            mih={48}
          >
            {t(
              saved?.connected
                ? `integrationConnection.reconnect.${form.kind}`
                : `integrationSettings.connect.${form.kind}`,
            )}
          </Button>
        </Group>
      ) : null}
      <Group gap="sm" wrap="wrap" align="center">
        <Button
          variant="default"
          onClick={() => void connection.test()}
          loading={connection.testing}
          data-testid="integration-test-connection"
          mih={48}
        >
          {t('integrationConnection.test')}
        </Button>
        {result ? (
          <Alert
            color={result.state === 'ok' ? 'green' : result.state === 'offline' ? 'yellow' : 'red'}
            variant="light"
            p="xs"
            data-testid="connection-result"
            data-state={result.state}
            style={{ flex: '1 1 16rem' }}
          >
            {result.state === 'ok'
              ? t('integrationConnection.ok', { count: result.people })
              : result.state === 'offline'
                ? t('integrationConnection.offline')
                : t(`errors.${result.code}`, { defaultValue: t('errors.generic') })}
          </Alert>
        ) : null}
      </Group>
    </Stack>
  );
}
