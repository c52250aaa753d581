import type { CSSProperties } from 'react';

import { FLAG_CODES, FLAG_SPRITE } from '../flags/flag-sprite-index';
import spriteUrl from '../flags/flag-sprite.webp';

const spriteIndex = new Map(FLAG_CODES.map((code, i) => [code, i] as const));

// asked for as soon as a page with flags loads, in parallel with its data: every flag of
// every page then draws from this one image, already in the cache
// (held by the module: an image nobody holds may be collected and its download dropped)
const spritePreload = typeof Image !== 'undefined' ? new Image() : null;
if (spritePreload) spritePreload.src = spriteUrl;

/** The flag's code: from its LogoPath (/flags/ie.svg), else the country's ISO code. */
const codeOf = (logoPath: string | null, countryId: string | null | undefined) =>
  (/^\/flags\/([a-z]{2}(?:-[a-z]+)?)\.svg$/i.exec(logoPath ?? '')?.[1] ?? countryId ?? '').toLowerCase();

/** Where flag `index` sits in the sprite, as percentages (so it fits any displayed size). */
function spriteStyle(index: number): CSSProperties {
  const { columns, rows } = FLAG_SPRITE;
  const column = index % columns;
  const row = Math.floor(index / columns);
  return {
    backgroundImage: `url(${spriteUrl})`,
    backgroundSize: `${columns * 100}% ${rows * 100}%`,
    backgroundPosition: `${(column * 100) / (columns - 1)}% ${(row * 100) / (rows - 1)}%`,
  };
}

/**
 * A country's flag beside its name; the flag is decorative. Flags of the flag set come
 * from the one sprite (no request per flag, no blank boxes); another logo is an image.
 */
export function CountryFlag({
  logoPath,
  countryId,
  name,
  size = 'small',
}: {
  logoPath: string | null;
  countryId?: string | null;
  name?: string;
  size?: 'small' | 'large';
}) {
  const index = spriteIndex.get(codeOf(logoPath, countryId));
  return (
    <span className={`country-flag country-flag-${size}`}>
      {index !== undefined ? (
        <span className="flag-image" style={spriteStyle(index)} aria-hidden="true" data-flag={FLAG_CODES[index]} />
      ) : logoPath ? (
        <img className="flag-image" src={logoPath} alt="" />
      ) : (
        <span className="flag-image flag-placeholder" aria-hidden="true" />
      )}
      {name && <span>{name}</span>}
    </span>
  );
}
