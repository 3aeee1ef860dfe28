// The phone-sized frame of every public visitor page: no main layout, a language switch.
import type { ReactNode } from 'react';
import { Container, Group, Paper, Stack, Title } from '@mantine/core';
import { LanguageMenu } from '../../../ui/language-menu';

export function PublicShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={480} px="md" py="lg" className="gh-public">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h3">
            {title}
          </Title>
          <LanguageMenu loggedIn={false} />
        </Group>
        <Paper withBorder radius="md" p="md">
          {children}
        </Paper>
      </Stack>
    </Container>
  );
}
