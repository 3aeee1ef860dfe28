// Every page's h1, with the test id the e2e tests look for; also sets the document title.
import { useEffect } from 'react';
import { Title } from '@mantine/core';

export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Gatehouse`;
  }, [children]);
  return (
    <Title order={1} size="h2" data-testid="page-title" mb="md">
      {children}
    </Title>
  );
}
