// Mantine theme: a navy primary that matches the icon, and a font stack that renders Arabic well.
import { createTheme, type MantineColorsTuple } from '@mantine/core';

const navy: MantineColorsTuple = [
  '#eef3f9',
  '#dbe4ef',
  '#b3c6dd',
  '#88a6cb',
  '#668bbb',
  '#517ab2',
  '#4571ae',
  '#365f98',
  '#2d5488',
  '#1f3a5f',
];

const FONT =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Geeza Pro", Tahoma, Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 8,
  colors: { navy },
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  defaultRadius: 'md',
  focusRing: 'auto',
});
