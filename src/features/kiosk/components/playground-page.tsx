// /vp/playground (spec 1 §routes, "Playground page"): a public page where anyone can try a kiosk's
// visitor screens with a sample journey, drawn by the kiosk's own step components through the
// journey builder's preview. Nothing is stored or sent: the preview has no commit.
import { useState } from 'react';
import { Container, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONTENT_LANGUAGES, type ContentLanguage } from '../../../../domain/localized-text';
import { KioskPreview } from '../preview';

export function PlaygroundPage() {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<string>(
    (CONTENT_LANGUAGES as readonly string[]).includes(i18n.language.slice(0, 2)) ? i18n.language.slice(0, 2) : 'en',
  );
  // The sample's texts in each content language, from the locale files.
  const inEach = (key: string) =>
    Object.fromEntries(CONTENT_LANGUAGES.map((l: ContentLanguage) => [l, i18n.getFixedT(l)(key)]));
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('routes.playground')}</Title>
        <Text>{t('playground.lead')}</Text>
        <SegmentedControl
          aria-label={t('journeys.preview.language')}
          value={language}
          onChange={setLanguage}
          data={CONTENT_LANGUAGES.map((l) => ({ value: l, label: t(`journeys.languages.${l}`) }))}
          data-testid="playground-language"
        />
        <Paper withBorder radius="md" p="md" data-testid="playground">
          <KioskPreview
            language={language}
            journey={{
              name: inEach('playground.journey'),
              settings: { touch_mode: true, instruction_enabled: true, instruction: inEach('playground.instruction') },
            }}
            flow={{
              name: inEach('playground.flow'),
              userTypeId: null,
              settings: { temperature_check: true, mask_check: true, print_badge: false },
            }}
          />
        </Paper>
      </Stack>
    </Container>
  );
}
