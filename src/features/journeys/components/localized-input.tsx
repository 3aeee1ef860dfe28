// One text an admin writes for visitors, in English, Arabic and Spanish (each input written in
// its own direction), with the translations still missing named beside it.
import { Badge, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_LANGUAGES,
  contentDir,
  missingLanguages,
  type ContentLanguage,
  type LocalizedText,
} from '../../../../domain/localized-text';

export type Texts = Partial<Record<ContentLanguage, string>>;

/** The editable shape of a stored text (a plain string is the default language's). */
export const textsOf = (t: LocalizedText | null | undefined): Texts => (typeof t === 'string' ? { en: t } : { ...t });

export function LocalizedInput({
  label,
  value,
  onChange,
  error,
  required,
  multiline,
  testId,
}: {
  label: string;
  value: Texts;
  onChange: (v: Texts) => void;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const missing = missingLanguages(value);
  const Input = multiline ? Textarea : TextInput;
  return (
    <Stack gap={6} data-testid={testId}>
      <Group gap="xs" justify="space-between">
        <Text fw={500} size="sm">
          {label}
          {required ? ' *' : ''}
        </Text>
        {missing.length > 0 && missing.length < CONTENT_LANGUAGES.length ? (
          <Group gap={4} data-testid={`${testId}-missing`}>
            <Text size="xs" c="dimmed">
              {t('journeys.missingTranslations')}
            </Text>
            {missing.map((l) => (
              <Badge key={l} size="sm" color="yellow" variant="light">
                {t(`journeys.languages.${l}`)}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Group>
      {CONTENT_LANGUAGES.map((lang, i) => (
        <Input
          key={lang}
          label={t(`journeys.languages.${lang}`)}
          dir={contentDir(lang)}
          lang={lang}
          value={value[lang] ?? ''}
          autosize={multiline || undefined}
          minRows={multiline ? 2 : undefined}
          onChange={(e) => onChange({ ...value, [lang]: e.currentTarget.value })}
          error={i === 0 ? error : undefined}
          data-testid={`${testId}-${lang}`}
        />
      ))}
    </Stack>
  );
}

/** What the form sends: only the languages written. */
export function textsPayload(v: Texts): Texts {
  return Object.fromEntries(Object.entries(v).filter(([, s]) => s && s.trim())) as Texts;
}
