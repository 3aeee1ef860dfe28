// Links that open a second tab (Users, the top bar's shortcuts). An installed app runs in a
// standalone window with no tab strip: a new tab there opens a bare browser window or nothing,
// so the link opens in the same window instead.
import { useMediaQuery } from '@mantine/hooks';

export const STANDALONE_QUERY = '(display-mode: standalone), (display-mode: fullscreen)';

export interface LinkTarget {
  target?: '_blank';
  rel?: string;
}

/** The anchor attributes of a "new tab" link: a real new tab in a browser, the same window when installed. */
export function newTabTarget(standalone: boolean): LinkTarget {
  return standalone ? {} : { target: '_blank', rel: 'noopener noreferrer' };
}

export function useNewTabTarget(): LinkTarget & { newTab: boolean } {
  const standalone = useMediaQuery(STANDALONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  return { ...newTabTarget(standalone), newTab: !standalone };
}
