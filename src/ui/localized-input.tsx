// One text an admin writes for visitors (names, questions, instructions, announcements), in
// English, Arabic and Spanish side by side: each input is written in its own direction whatever
// the page's language, and the translations still missing are named under them. Journeys, flows,
// entry conditions, custom fields and announcements all edit their texts with it.
import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, contentDir, missingLanguages, type Texts } from '../../domain/localized-text';
import { WARNING_TEXT } from './text-colors';

export function LocalizedInput<T extends Texts>({
  label,
  description,
  value,
  onChange,
  onBlur,
  error,
  required,
  multiline,
  maxLength,
  testId,
}: {
  label: string;
  description?: string;
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  error?: string;
  /** Marks the first input: a text must be written in at least one language (the server says so). */
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const missing = missingLanguages(value);
  const anyWritten = missing.length < CONTENT_LANGUAGES.length;
  const Input = multiline ? Textarea : TextInput;
  return (
    <Stack gap={4} data-testid={testId}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs">
        {CONTENT_LANGUAGES.map((lang, i) => (
          <Input
            key={lang}
            label={`${label} · ${t(`localizedText.languages.${lang}`)}`}
            withAsterisk={required && i === 0}
            dir={contentDir(lang)}
            lang={lang}
            maxLength={maxLength}
            value={value[lang] ?? ''}
            error={i === 0 ? error : undefined}
            data-testid={`${testId}-${lang}`}
            {...(multiline ? { autosize: true, minRows: 2 } : {})}
            onBlur={onBlur}
            onChange={(e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
              onChange({ ...value, [lang]: e.currentTarget.value })
            }
          />
        ))}
      </SimpleGrid>
      {description ? (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
      {anyWritten && missing.length ? (
        <Text size="xs" c={WARNING_TEXT} data-testid={`${testId}-missing`}>
          {t('localizedText.missing', {
            languages: missing.map((l) => t(`localizedText.languages.${l}`)).join(', '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
