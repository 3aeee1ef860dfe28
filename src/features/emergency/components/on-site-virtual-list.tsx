// The emergency list when it is long (thousands on site): the groups flattened into one list of
// headers and people, and only the ones near the viewport rendered. A search keystroke or the
// first paint then costs a screenful of rows, not hundreds (the page scrolls, not a box).
// Rows and headers have fixed heights (names ellipsise): measuring each one forced a layout
// per row and re-rendered the list once per measurement.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Badge, Group, Paper, Title } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { ListRow } from '../../../../domain/emergency-list';
import { OnSiteRow, type NameOf } from './on-site-group';

const ROW = 64;
const HEADER = 56;

type By = 'siteId' | 'areaId' | 'userTypeId';
type Item = { kind: 'group'; key: string | null; title: string; count: number } | { kind: 'row'; row: ListRow };

interface Props {
  groups: { key: string | null; rows: ListRow[] }[];
  groupBy: By;
  countOf: ReadonlyMap<string | null, number>;
  nameOf: NameOf;
}

export function OnSiteVirtualList({ groups, groupBy, countOf, nameOf }: Props) {
  const items = useMemo(
    () =>
      groups.flatMap<Item>((g) => [
        { kind: 'group', key: g.key, title: nameOf(groupBy, g.key), count: countOf.get(g.key) ?? g.rows.length },
        ...g.rows.map((row) => ({ kind: 'row' as const, row })),
      ]),
    [groups, groupBy, countOf, nameOf],
  );
  const list = useRef<HTMLUListElement>(null);
  // The list's distance from the top of the page: the window scrolls, the list starts lower.
  const [margin, setMargin] = useState(0);
  // After every render on purpose: anything above the list may have moved it. The 1 px guard
  // ends the chain after at most one extra render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = list.current ? list.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - margin) > 1) setMargin(top);
  });
  const virtual = useWindowVirtualizer({
    count: items.length,
    estimateSize: (i) => (items[i]?.kind === 'group' ? HEADER : ROW),
    overscan: 10,
    scrollMargin: margin,
    getItemKey: (i) => {
      const it = items[i]!;
      return it.kind === 'group' ? `g:${it.key ?? ''}` : it.row.personId;
    },
  });

  return (
    <Paper withBorder radius="md" p="md" data-testid="on-site-virtual" className="gh-em-virtual">
      <ul ref={list} className="gh-em-list" style={{ position: 'relative', blockSize: virtual.getTotalSize() }}>
        {virtual.getVirtualItems().map((v) => {
          const it = items[v.index]!;
          const style = {
            position: 'absolute',
            insetInlineStart: 0,
            insetBlockStart: 0,
            inlineSize: '100%',
            blockSize: v.size,
            transform: `translateY(${v.start - margin}px)`,
          } as const;
          return it.kind === 'group' ? (
            <li key={v.key} style={style} data-testid="on-site-group">
              <Group justify="space-between" py="xs">
                <Title order={2} size="h4">
                  {it.title}
                </Title>
                <Badge variant="light" size="lg" data-testid="group-count">
                  {it.count}
                </Badge>
              </Group>
            </li>
          ) : (
            <OnSiteRow key={v.key} row={it.row} nameOf={nameOf} style={style} />
          );
        })}
      </ul>
    </Paper>
  );
}
