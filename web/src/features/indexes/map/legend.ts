import type { MapCategory } from '@cti/scoring-rules';

/** Legend colours: the category design tokens, read once from CSS. */
export function legendColours(): Record<MapCategory, string> {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    'Very High': token('--color-very-high', '#1a7f37'),
    High: token('--color-high', '#6cae3e'),
    Medium: token('--color-medium', '#e6a817'),
    Low: token('--color-low', '#c8432b'),
    Suspended: token('--color-suspended', '#6b4c9a'),
    'Insufficient Legal Analysis': token('--color-insufficient', '#8c5a2b'),
    'No data available': '#d9dee4',
  };
}
