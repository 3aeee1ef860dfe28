// One text an admin writes for visitors, in English, Arabic and Spanish side by side; the
// Arabic input is right to left whatever the page's language; missing translations are named.
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, contentDir, missingLanguages } from '../../../../domain/localized-text';
import type { Texts } from '../hooks/section-draft';
import { WARNING_TEXT } from '../../../ui/text-colors';

export function LocalizedInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  maxLength,
  required,
  testId,
}: {
  label: string;
  value: Texts;
  onChange: (v: Texts) => void;
  onBlur?: () => void;
  error?: string;
  maxLength: number;
  required?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const missing = missingLanguages(value);
  const anyWritten = missing.length < CONTENT_LANGUAGES.length;
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        {CONTENT_LANGUAGES.map((lang) => (
          <TextInput
            key={lang}
            label={`${label} · ${t(`customFieldAdmin.languages.${lang}`)}`}
            lang={lang}
            dir={contentDir(lang)}
            value={value[lang] ?? ''}
            maxLength={maxLength}
            required={required && lang === 'en'}
            error={lang === 'en' && error ? error : undefined}
            data-testid={`${testId}-${lang}`}
            onBlur={onBlur}
            onChange={(e) => onChange({ ...value, [lang]: e.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
      {anyWritten && missing.length ? (
        <Text size="xs" c={WARNING_TEXT} data-testid={`${testId}-missing`}>
          {t('customFieldAdmin.missing', {
            languages: missing.map((l) => t(`customFieldAdmin.languages.${l}`)).join(', '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
