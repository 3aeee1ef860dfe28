// One visitor-facing text in English, Arabic and Spanish, with the languages still missing.
// The Arabic input is right to left whatever the page's direction.
import { SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, contentDir, missingLanguages } from '../../../../domain/localized-text';
import type { Texts } from '../hooks/form-model';
import { WARNING_TEXT } from '../../../ui/text-colors';

interface Props {
  label: string;
  description?: string;
  value: Texts;
  onChange: (value: Texts) => void;
  error?: string;
  multiline?: boolean;
  testId: string;
  maxLength: number;
}

export function LocalizedInput({ label, description, value, onChange, error, multiline, testId, maxLength }: Props) {
  const { t } = useTranslation();
  const missing = missingLanguages(value);
  const anyWritten = missing.length < CONTENT_LANGUAGES.length;
  const Input = multiline ? Textarea : TextInput;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={500} size="sm">
        {label}
      </Text>
      {description ? (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs">
        {CONTENT_LANGUAGES.map((lang) => (
          <Input
            key={lang}
            label={`${label} · ${t(`complianceBuilder.lang.${lang}`)}`}
            aria-label={`${label} · ${t(`complianceBuilder.lang.${lang}`)}`}
            size="sm"
            dir={contentDir(lang)}
            lang={lang}
            maxLength={maxLength}
            value={value[lang]}
            data-testid={`${testId}-${lang}`}
            {...(multiline ? { autosize: true, minRows: 2 } : {})}
            onChange={(e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
              onChange({ ...value, [lang]: e.currentTarget.value })
            }
            styles={{ label: { fontWeight: 400, fontSize: 'var(--mantine-font-size-xs)' } }}
          />
        ))}
      </SimpleGrid>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : anyWritten && missing.length ? (
        <Text size="xs" c={WARNING_TEXT} data-testid={`${testId}-missing`}>
          {t('complianceBuilder.missing', {
            languages: missing.map((l) => t(`complianceBuilder.lang.${l}`)).join(', '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
