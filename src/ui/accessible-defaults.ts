// Names for Mantine's icon-only controls everywhere: pagination's
// first/previous/next/last arrows and the close button of every modal, drawer and toast. Translated,
// so the theme is built once the language is known (a language change reloads the app).
// Plain override objects, not Modal.extend(...): importing the components themselves would put
// Modal, Drawer and Pagination (and floating-ui) into every page's first load.
import type { CSSVariablesResolver, MantineThemeOverride, PaginationProps } from '@mantine/core';
import type { TFunction } from 'i18next';

const CONTROL_KEYS = {
  first: 'a11y.firstPage',
  previous: 'a11y.previousPage',
  next: 'a11y.nextPage',
  last: 'a11y.lastPage',
} as const;

export function accessibleDefaults(t: TFunction): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': t('a11y.close') };
  return {
    components: {
      Pagination: {
        defaultProps: {
          getControlProps: ((control) => ({ 'aria-label': t(CONTROL_KEYS[control]) })) satisfies NonNullable<
            PaginationProps['getControlProps']
          >,
        },
      },
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
    },
  };
}

/** Text of the light and subtle variants (badges, buttons) on their tinted background: Mantine's
 * shade 9 is below 4.5:1 for teal, green, lime, yellow and orange; these darker tones reach
 * 4.8:1 on shade 1 (computed once from the default palette). */
const LIGHT_TEXT: Record<string, string> = {
  red: '#c12828',
  cyan: '#0b6d80',
  teal: '#077554',
  green: '#247434',
  lime: '#4a760a',
  yellow: '#9c5100',
  orange: '#b63c0d',
};

/** Mantine's dimmed text and placeholders (gray.6 and gray.5, 3.3:1 and 2.1:1 on white) fail
 * AA contrast; this grey passes on white and on the page grey (5.6:1 on #f8f9fa). */
export const contrastVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6770',
    '--mantine-color-placeholder': '#6b7178',
    ...Object.fromEntries(Object.entries(LIGHT_TEXT).map(([c, v]) => [`--mantine-color-${c}-light-color`, v])),
  },
  dark: {},
});
