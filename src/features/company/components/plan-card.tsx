// Plan, package and subscription, shown to everyone who opens the page; only the tech-team
// account may change plan and package (the company's room then hears pongUpdateEntity*).
import { useEffect, useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PACKAGES, PLANS } from '../../../../domain/constants';
import type { Company } from '../hooks/use-company';
import { useSend } from '../hooks/use-send';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function PlanCard(props: {
  company: Company;
  isTechTeam: boolean;
  onSaved: (c: Company) => void;
  onConflict: () => void;
}) {
  const { company } = props;
  const { t } = useTranslation();
  const send = useSend();
  const [plan, setPlan] = useState(String(company.plan));
  const [pkg, setPkg] = useState<string>(company.package ?? 'Cloud');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setPlan(String(company.plan));
    setPkg(company.package ?? 'Cloud');
  }, [company]);

  async function save() {
    setBusy(true);
    const body = { plan: Number(plan), package: pkg, version: company.version };
    const res = await send<Company>('PUT', `/entity/${company.id}/plan`, body, t('company.planChanged'));
    setBusy(false);
    if (res.ok) props.onSaved(res.data);
    else {
      setErrors(res.errors);
      if (res.conflict) props.onConflict();
    }
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('company.subscription')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Fact label={t('company.plan')} value={t(`company.plans.${company.plan}`)} testId="company-plan" />
          <Fact
            label={t('company.package')}
            value={company.package ? t(`company.packages.${company.package}`) : '—'}
            testId="company-package"
          />
          <Fact
            label={t('company.subscriptionType')}
            value={t(`company.subscriptions.${company.subscription}`)}
            testId="company-subscription"
          />
        </SimpleGrid>
        {props.isTechTeam ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Select
                label={t('company.plan')}
                data={Object.values(PLANS).map((p) => ({ value: String(p), label: t(`company.plans.${p}`) }))}
                value={plan}
                onChange={(v) => v && setPlan(v)}
                error={errors.plan?.[0]}
                allowDeselect={false}
              />
              <Select
                label={t('company.package')}
                data={PACKAGES.map((p) => ({ value: p, label: t(`company.packages.${p}`) }))}
                value={pkg}
                onChange={(v) => v && setPkg(v)}
                error={errors.package?.[0]}
                allowDeselect={false}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button onClick={() => void save()} loading={busy} data-testid="company-change-plan">
                {t('company.changePlan')}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('company.techOnly')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
