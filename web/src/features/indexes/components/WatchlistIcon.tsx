import { useNavigate } from 'react-router';

import { canFollowWatchlist } from '@cti/access';

import { usePrincipal } from '../../../app/hooks';

/** The watchlist tooltip (ASU assessment). */
export const WATCHLIST_TOOLTIP =
  'This contracting state is on watch due to ongoing material developments whose impact has not yet been assessed. Read its scorecard with added caution.';

export function WarningGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 2 1 21h22L12 2z" fill="#e6a817" stroke="#8a5a00" strokeWidth="1.2" strokeLinejoin="round" />
      <path d="M12 9v5" stroke="#14202b" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="12" cy="17.3" r="1.3" fill="#14202b" />
    </svg>
  );
}

/**
 * Watchlist warning: a click opens the scorecard's notices (/index/{GroupId}#notices) for
 * those who may open it (the index permission table watchlist click), /restricted for everyone else.
 */
export function WatchlistIcon({ groupId, country, isPublic }: { groupId: string; country: string; isPublic: boolean }) {
  const principal = usePrincipal();
  const navigate = useNavigate();
  const allowed = !!principal && (isPublic || canFollowWatchlist(principal, { groupId, countryId: null }));
  return (
    <button
      type="button"
      className="watchlist-icon"
      title={WATCHLIST_TOOLTIP}
      aria-label={`${country} is on the watchlist: read the notices`}
      onClick={(e) => {
        e.stopPropagation();
        void navigate(allowed ? `/index/${groupId}#notices` : `/restricted?country=${encodeURIComponent(groupId)}`);
      }}
    >
      <WarningGlyph />
    </button>
  );
}
