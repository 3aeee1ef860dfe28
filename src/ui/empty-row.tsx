// The row a table shows when it has no rows, under its header, so an empty table never looks like
// a header with nothing below it (or a sentence above a header).
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';

export function EmptyRow({ colSpan, children, testId }: { colSpan: number; children: ReactNode; testId?: string }) {
  return (
    <Table.Tr data-testid={testId ?? 'table-empty'}>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py="md" size="sm">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
