// The tech team's "New company": name, subdomain, package, plan and the owner, who receives a
// set-password mail; the answer is the spec's 'Company Created, Please Check your Email.', and
// the owner's one-time link shown to the tech team to hand over (no SMTP: the mail goes nowhere).
import { useState } from 'react';
import { Alert, Button, CopyButton, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PACKAGES, PLANS } from '../../../../domain/constants';
import { formatDateTime } from '../../../../domain/date-format';
import { useSend } from '../hooks/use-send';

interface OwnerLink {
  email: string;
  url: string;
  expires_at: string;
}

const empty = { name: '', subdomain: '', package: 'Cloud', plan: '1', owner_name: '', owner_email: '' };

export function NewCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const send = useSend();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  // The owner's one-time link: without SMTP it is the only way the owner gets in.
  const [link, setLink] = useState<OwnerLink | null>(null);
  const set = (patch: Partial<typeof empty>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await send<{ owner_link: OwnerLink | null }>(
      'POST',
      '/entity',
      { ...form, plan: Number(form.plan) },
      t('company.created'),
    );
    setBusy(false);
    if (res.ok) {
      setForm(empty);
      setErrors({});
      if (res.data.owner_link) setLink(res.data.owner_link);
      else onClose();
    } else setErrors(res.errors);
  }
  function close() {
    setLink(null);
    onClose();
  }

  const text = (key: keyof typeof empty, label: string, extra: object = {}) => (
    <TextInput
      label={label}
      name={key}
      required
      value={form[key]}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
      error={errors[key]?.[0]}
      {...extra}
    />
  );

  return (
    <Modal opened={opened} onClose={close} title={t('company.newCompany')} size="lg">
      {link ? (
        <Stack gap="sm" data-testid="owner-link">
          <Alert color="teal">{t('companyOwnerLink.intro', { email: link.email })}</Alert>
          <TextInput
            label={t('companyOwnerLink.label')}
            value={link.url}
            readOnly
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="owner-link-url"
          />
          <Text size="sm" c="dimmed">
            {t('companyOwnerLink.once', { date: formatDateTime(Date.parse(link.expires_at), i18n.language) })}
          </Text>
          <Group justify="flex-end">
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('companyOwnerLink.copied') : t('companyOwnerLink.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close} data-testid="owner-link-done">
              {t('companyOwnerLink.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            {text('name', t('company.name'))}
            {text('subdomain', t('company.subdomain'), { dir: 'ltr', description: t('company.subdomainHint') })}
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Select
                label={t('company.package')}
                data={PACKAGES.map((p) => ({ value: p, label: t(`company.packages.${p}`) }))}
                value={form.package}
                onChange={(v) => v && set({ package: v })}
                error={errors.package?.[0]}
                allowDeselect={false}
              />
              <Select
                label={t('company.plan')}
                data={Object.values(PLANS).map((p) => ({ value: String(p), label: t(`company.plans.${p}`) }))}
                value={form.plan}
                onChange={(v) => v && set({ plan: v })}
                error={errors.plan?.[0]}
                allowDeselect={false}
              />
            </SimpleGrid>
            {text('owner_name', t('company.ownerName'))}
            {text('owner_email', t('company.ownerEmail'), { type: 'email', dir: 'ltr' })}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('company.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('company.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
