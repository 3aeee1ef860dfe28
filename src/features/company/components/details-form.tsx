// Name, subdomain (checked live as it is typed) and the two-step policy, saved together with
// the version they were read at (a second admin's older save meets a conflict message).
import { useEffect, useState } from 'react';
import { Button, Group, MultiSelect, Paper, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normalizeSubdomain, subdomainProblem } from '../../../../domain/company';
import { api } from '../../../api/client';
import type { Company } from '../hooks/use-company';
import { useSend } from '../hooks/use-send';

interface Check {
  subdomain: string;
  available: boolean;
  problem: string | null;
}

function useSubdomainCheck(company: Company, value: string): Check | 'checking' | null {
  const [check, setCheck] = useState<Check | 'checking' | null>(null);
  useEffect(() => {
    const s = normalizeSubdomain(value);
    if (s === company.subdomain) return setCheck(null);
    const local = subdomainProblem(s);
    if (local) return setCheck({ subdomain: s, available: false, problem: local });
    setCheck('checking');
    const timer = setTimeout(() => {
      void api
        .get<{ data: Check }>(`/entity/${company.id}/subdomain/check?subdomain=${encodeURIComponent(s)}`)
        .then((res) => setCheck(res.ok ? res.data.data : null));
    }, 350);
    return () => clearTimeout(timer);
  }, [company.id, company.subdomain, value]);
  return check;
}

export function DetailsForm(props: {
  company: Company;
  canEditPolicy: boolean;
  onSaved: (c: Company) => void;
  onConflict: () => void;
}) {
  const { company } = props;
  const { t } = useTranslation();
  const send = useSend();
  const [name, setName] = useState(company.name);
  const [subdomain, setSubdomain] = useState(company.subdomain);
  const [twoStep, setTwoStep] = useState(company.two_step);
  const [otpRoles, setOtpRoles] = useState<string[]>(company.otp_roles);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const check = useSubdomainCheck(company, subdomain);

  // A reload (after a conflict) shows what is stored now.
  useEffect(() => {
    setName(company.name);
    setSubdomain(company.subdomain);
    setTwoStep(company.two_step);
    setOtpRoles(company.otp_roles);
  }, [company]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const body = { name, subdomain, two_step: twoStep, otp_roles: otpRoles, version: company.version };
    const res = await send<Company>('PUT', `/entity/${company.id}`, body, t('company.saved'));
    setBusy(false);
    if (res.ok) {
      setErrors({});
      props.onSaved(res.data);
    } else {
      setErrors(res.errors);
      if (res.conflict) props.onConflict();
    }
  }

  const live = check === 'checking' ? t('company.checking') : check?.available ? t('company.available') : undefined;
  const liveError = check && check !== 'checking' && check.problem ? t(check.problem) : undefined;

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="company-details-form">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('company.details')}
          </Title>
          <TextInput
            label={t('company.name')}
            name="name"
            required
            maxLength={50}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name?.[0]}
          />
          <TextInput
            label={t('company.subdomain')}
            name="subdomain"
            required
            dir="ltr"
            description={live ?? t('company.subdomainHint')}
            value={subdomain}
            onChange={(e) => setSubdomain(e.currentTarget.value)}
            error={errors.subdomain?.[0] ?? liveError}
            data-testid="company-subdomain"
          />
          <Title order={3} size="h5" mt="sm">
            {t('company.security')}
          </Title>
          <Switch
            label={t('company.twoStep')}
            checked={twoStep}
            disabled={!props.canEditPolicy}
            onChange={(e) => setTwoStep(e.currentTarget.checked)}
            data-testid="company-two-step"
          />
          <MultiSelect
            label={t('company.otpRoles')}
            description={props.canEditPolicy ? undefined : t('company.otpRolesHint')}
            disabled={!props.canEditPolicy}
            data={company.roles.map((r) => ({ value: r.id, label: r.name }))}
            value={otpRoles}
            onChange={setOtpRoles}
            error={errors.otp_roles?.[0]}
            clearable
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="company-save">
              {t('company.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
