// A toggle chip whose whole face is the target: Mantine's pill-shaped chip is
// 28 px tall with round ends, so a tap on its edge, or a finger a little off the words, landed
// beside it and did nothing. This one is a 44 px rounded rectangle: wherever it looks like the
// chip, it is the chip.
import { Chip, type ChipProps } from '@mantine/core';

export function ToggleChip(props: ChipProps & { 'data-testid'?: string }) {
  return (
    <Chip
      radius="sm"
      size="md"
      {...props}
      styles={{
        root: { display: 'inline-flex' },
        label: { blockSize: 'auto', minBlockSize: 44, paddingInline: 16, alignItems: 'center' },
      }}
    />
  );
}
