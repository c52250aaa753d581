import { useSyncExternalStore } from 'react';

/** The narrow breakpoint of tokens.css (phones, up to 640 px wide). */
export const NARROW_QUERY = '(max-width: 640px)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);

/**
 * Whether the screen is phone-narrow, following changes (rotation, resizing). Used where a
 * narrow screen gets different markup rather than different styles (table rows as cards),
 * so only one version is ever in the page.
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = media();
      m?.addEventListener('change', onChange);
      return () => m?.removeEventListener('change', onChange);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}
