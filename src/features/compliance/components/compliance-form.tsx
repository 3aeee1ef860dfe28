// The builder: name, questions, agreement and statement (each in three languages), and the
// vaccine/test document rules. One valibot schema (domain/compliance-form.ts) on both ends: the
// server's field errors show beside these inputs in the user's language.
import { Button, Checkbox, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_NAME_MAX, COMPLIANCE_PROTOCOLS, COMPLIANCE_TEXT_MAX } from '../../../../domain/compliance-form';
import type { FormDraft } from '../hooks/form-model';
import { LocalizedInput } from '../../../ui/localized-input';
import { QuestionList } from './question-list';

interface Props {
  draft: FormDraft;
  /** Changes the draft; `field` is the error key (or prefix) the change answers. */
  set: (change: (d: FormDraft) => FormDraft, field: string) => void;
  errors: Record<string, string[]>;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

export function ComplianceForm({ draft, set, errors, busy, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const err = (field: string) => errors[field]?.join(' ');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <LocalizedInput
              label={t('complianceBuilder.name')}
              description={t('complianceBuilder.namePlaceholder')}
              required
              maxLength={COMPLIANCE_NAME_MAX}
              value={draft.name}
              onChange={(name) => set((d) => ({ ...d, name }), 'name')}
              error={err('name')}
              testId="compliance-name"
            />
            <QuestionList
              questions={draft.questions}
              onChange={(questions) => set((d) => ({ ...d, questions }), 'questions')}
              errors={errors}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <LocalizedInput
              label={t('complianceBuilder.statement')}
              description={t('complianceBuilder.statementHint')}
              multiline
              maxLength={COMPLIANCE_TEXT_MAX}
              value={draft.statement}
              onChange={(statement) => set((d) => ({ ...d, statement }), 'statement')}
              error={err('statement')}
              testId="statement"
            />
            <LocalizedInput
              label={t('complianceBuilder.agreement')}
              description={t('complianceBuilder.agreementHint')}
              multiline
              maxLength={COMPLIANCE_TEXT_MAX}
              value={draft.agreement}
              onChange={(agreement) => set((d) => ({ ...d, agreement }), 'agreement_text')}
              error={err('agreement_text')}
              testId="agreement"
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Text fw={600}>{t('complianceBuilder.documentSection')}</Text>
            <Switch
              label={t('complianceBuilder.documentRequired')}
              checked={draft.documentRequired}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                set((d) => ({ ...d, documentRequired: on }), 'protocols');
              }}
              data-testid="document-required"
            />
            {draft.documentRequired ? (
              <Checkbox.Group
                label={t('complianceBuilder.protocols')}
                value={draft.protocols}
                onChange={(protocols) => set((d) => ({ ...d, protocols }), 'protocols')}
                error={err('protocols') ?? err('protocols.0')}
                data-testid="protocols"
              >
                <Group gap="md" mt={4}>
                  {COMPLIANCE_PROTOCOLS.map((p) => (
                    <Checkbox
                      key={p}
                      value={p}
                      label={t(`complianceBuilder.protocol.${p}`)}
                      data-testid={`protocol-${p}`}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            ) : null}
            <Switch
              label={t('complianceBuilder.acceptNegativePcr')}
              checked={draft.acceptNegativePcr}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                set((d) => ({ ...d, acceptNegativePcr: on }), 'pcr_valid_days');
              }}
              data-testid="accept-negative-pcr"
            />
            {draft.acceptNegativePcr ? (
              <TextInput
                label={t('complianceBuilder.pcrValidDays')}
                required
                maw={240}
                inputMode="numeric"
                maxLength={3}
                value={draft.pcrValidDays}
                // Digits only, trimmed to three: "e", signs and decimals never reach the field.
                onChange={(e) => {
                  const days = e.currentTarget.value.replace(/\D/g, '').slice(0, 3);
                  set((d) => ({ ...d, pcrValidDays: days }), 'pcr_valid_days');
                }}
                error={err('pcr_valid_days')}
                data-testid="pcr-valid-days"
              />
            ) : null}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('complianceBuilder.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="save-compliance">
            {t('complianceBuilder.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
