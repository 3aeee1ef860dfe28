// The company logo: choosing a file uploads it at once (the server checks its content, size and
// dimensions and answers the field error in the user's language); removing restores the default.
import { useState } from 'react';
import { Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Company } from '../hooks/use-company';
import { useSend } from '../hooks/use-send';
import { readAsDataUrl } from '../../../ui/read-file';

export function LogoCard(props: { company: Company; onSaved: (c: Company) => void; onConflict: () => void }) {
  const { company } = props;
  const { t } = useTranslation();
  const send = useSend();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function run(request: () => ReturnType<typeof send<Company>>) {
    setBusy(true);
    const res = await request();
    setBusy(false);
    if (res.ok) {
      setError(undefined);
      props.onSaved(res.data);
    } else {
      setError(res.errors.logo?.[0]);
      if (res.conflict) props.onConflict();
    }
  }

  async function choose(file: File | null) {
    if (!file) return;
    const logo = await readAsDataUrl(file);
    await run(() =>
      send<Company>('PUT', `/entity/${company.id}/logo`, { logo, version: company.version }, t('company.logoSaved')),
    );
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('company.logo')}
        </Title>
        <div className="gh-company-logo-frame">
          {company.logo ? (
            <img
              src={company.logo}
              alt={t('company.logoAlt', { name: company.name })}
              className="gh-company-logo"
              data-testid="company-logo-preview"
            />
          ) : (
            <Text c="dimmed" size="sm">
              {t('company.noLogo')}
            </Text>
          )}
        </div>
        <FileInput
          label={t('company.chooseLogo')}
          description={t('company.logoHint')}
          accept="image/png,image/jpeg,image/svg+xml"
          placeholder={t('company.uploadLogo')}
          value={null}
          onChange={(file) => void choose(file)}
          error={error}
          disabled={busy}
          clearable={false}
          data-testid="company-logo-input"
        />
        {company.logo && (
          <Group justify="flex-end">
            <Button
              variant="default"
              loading={busy}
              onClick={() =>
                void run(() =>
                  send<Company>(
                    'DELETE',
                    `/entity/${company.id}/logo?version=${company.version}`,
                    undefined,
                    t('company.logoRemoved'),
                  ),
                )
              }
            >
              {t('company.removeLogo')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
