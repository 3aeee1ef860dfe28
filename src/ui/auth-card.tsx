// The frame of the public account pages (login, forgot password, set password, single sign-on,
// one-time login): language menu, logo, title and a card, so they all look the same.
import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LanguageMenu } from './language-menu';

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="gh-login">
      <Group justify="flex-end" p="md">
        <LanguageMenu loggedIn={false} variant="default" />
      </Group>
      <Center px="md" pb="xl">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={420}>
          <Stack gap="xs" align="center" mb="lg">
            <img src="/logo.svg" alt="" width={56} height={56} />
            <Title order={1} size="h2" ta="center" data-testid="page-title">
              {title}
            </Title>
            {intro ? (
              <Text c="dimmed" size="sm" ta="center">
                {intro}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Paper>
      </Center>
    </div>
  );
}
