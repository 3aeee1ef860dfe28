// The tech team's "New company": name, subdomain, package, plan and the owner, who receives a
// set-password mail; the answer is the spec's 'Company Created, Please Check your Email.'.
import { useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PACKAGES, PLANS } from '../../../../domain/constants';
import { useSend } from '../hooks/use-send';

const empty = { name: '', subdomain: '', package: 'Cloud', plan: '1', owner_name: '', owner_email: '' };

export function NewCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSend();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof empty>) => setForm((f) => ({ ...f, ...patch }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await send('POST', '/entity', { ...form, plan: Number(form.plan) }, t('company.created'));
    setBusy(false);
    if (res.ok) {
      setForm(empty);
      setErrors({});
      onClose();
    } else setErrors(res.errors);
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
    <Modal opened={opened} onClose={onClose} title={t('company.newCompany')} size="lg">
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
            <Button variant="default" onClick={onClose}>
              {t('company.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('company.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
