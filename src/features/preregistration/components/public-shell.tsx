// The phone-sized frame of every public visitor page: no main layout, a language switch.
import type { ReactNode } from 'react';
import { Container, Group, Paper, Stack, Title } from '@mantine/core';
import { LanguageMenu } from '../../../ui/language-menu';

export function PublicShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={480} px="md" py="lg" className="gh-public">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {/* A long title wraps; the language switch keeps its full width (it was cut to "Englis"). */}
          <Title order={1} size="h3" style={{ minInlineSize: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <div style={{ flexShrink: 0 }} data-testid="public-language">
            <LanguageMenu loggedIn={false} />
          </div>
        </Group>
        <Paper withBorder radius="md" p="md">
          {children}
        </Paper>
      </Stack>
    </Container>
  );
}
