import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

import type { LogoView } from '@cti/contracts';

countries.registerLocale(en);

/** Country flags a Country group may show (`GET api/logo`): one per ISO 3166-1 country, by name. */
export const LOGOS: readonly LogoView[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ Path: `/flags/${code.toLowerCase()}.svg`, DisplayName: name }))
  .sort((a, b) => a.DisplayName.localeCompare(b.DisplayName));

/** "/flags/ie.svg" → "IE" (the CountryId of a Country group chosen by its flag). */
export function countryCodeOfLogo(path: string): string | null {
  const match = /\/flags\/([a-z]{2})\.svg$/i.exec(path.trim());
  return match ? match[1].toUpperCase() : null;
}
