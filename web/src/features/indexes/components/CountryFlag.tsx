/** A country's flag (its LogoPath, e.g. /flags/ie.svg) beside its name; the flag is decorative. */
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
  const src = logoPath ?? (countryId ? `/flags/${countryId.toLowerCase()}.svg` : null);
  return (
    <span className={`country-flag country-flag-${size}`}>
      {src ? <img src={src} alt="" loading="lazy" /> : <span className="flag-placeholder" aria-hidden="true" />}
      {name && <span>{name}</span>}
    </span>
  );
}
