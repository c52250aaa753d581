import { canOpenScorecard } from '@cti/access';
import { NotificationMessages } from '@cti/contracts';

import { usePrincipal } from '../../../app/hooks';
import { useToast } from '../../../components/toast/use-toast';
import { useFollowMutation, useFollowsQuery, useUnfollowMutation } from '../notifications-api';
import '../notifications.css';

export interface FollowToggleProps {
  groupId: string;
  country: string;
  /** The country's ISO code (the public country opens to everyone). */
  countryId?: string | null;
  /** Whether the reader may open this country's scorecard, when the caller knows better (IsPublic rows). */
  allowed?: boolean;
  /** `icon`: a star only (index rows, where the cell's text is the country); `button`: with its words. */
  variant?: 'icon' | 'button';
}

/**
 * Follow / Following: alerts about a country's scorecard (score, category, watchlist,
 * notices, ASU, new documents). Shown to signed-in users who may open the scorecard.
 */
export function FollowToggle({ groupId, country, countryId = null, allowed, variant = 'button' }: FollowToggleProps) {
  const principal = usePrincipal();
  const visible = !!principal && (allowed ?? canOpenScorecard(principal, { groupId, countryId }));
  const { data: follows, isLoading } = useFollowsQuery(undefined, { skip: !visible });
  const [follow, following] = useFollowMutation();
  const [unfollow, unfollowing] = useUnfollowMutation();
  const toast = useToast();
  if (!visible || isLoading || !follows) return null;

  const on = follows.some((f) => f.GroupId === groupId);
  const busy = following.isLoading || unfollowing.isLoading;
  const toggle = async () => {
    const result = on ? await unfollow(groupId) : await follow(groupId);
    if ('error' in result) toast.danger(NotificationMessages.followFailed);
    else toast.success(on ? NotificationMessages.unfollowed(country) : NotificationMessages.followed(country));
  };
  return (
    <button
      type="button"
      className={`follow-toggle follow-toggle-${variant}${on ? ' is-following' : ''}`}
      aria-pressed={on}
      aria-label={variant === 'icon' ? `${on ? 'Following' : 'Follow'} ${country}` : undefined}
      title={on ? `You get alerts about ${country}. Click to stop.` : `Get alerts when ${country}’s scorecard changes`}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {variant === 'button' && (on ? 'Following' : 'Follow')}
    </button>
  );
}
