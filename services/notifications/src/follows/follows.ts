import { canOpenScorecard, type IndexAccessSettings, type Principal } from '@cti/access';
import { NotificationMessages, type EventActor, type FollowedCountry } from '@cti/contracts';
import { appendToOutbox, Forbidden, NotFound, type DataAccess } from '@cti/service-kit';

import { findCountry } from '../countries/repository';
import type { NotificationsDB, NotificationsExecutor } from '../db';
import { ensureSettings } from '../settings/settings';

import { deleteFollow, followedCountries, followSince, insertFollow } from './repository';

export interface Follower {
  userId: string;
  email: string;
  name: string;
  principal: Principal;
}

type CountryRow = NonNullable<Awaited<ReturnType<typeof findCountry>>>;

const followedCountry = (c: CountryRow, since: string, visible: boolean): FollowedCountry => ({
  GroupId: c.groupId,
  Group: c.name,
  CountryId: c.countryId,
  LogoPath: c.logoPath,
  Since: since,
  Visible: visible,
});

/** Starts following a country the user may open (PUT api/follow/{groupId}); following again changes nothing. */
export async function followCountry(
  data: DataAccess<NotificationsDB>,
  who: Follower,
  groupId: string,
  settings: IndexAccessSettings,
  actor: EventActor | null,
): Promise<FollowedCountry> {
  return data.inTransaction(async (trx) => {
    const country = await findCountry(trx, groupId);
    if (!country) throw new NotFound(NotificationMessages.countryNotFound);
    if (!canOpenScorecard(who.principal, country, settings)) throw new Forbidden(NotificationMessages.noAccess);
    await ensureSettings(trx, who);
    const addedAt = await insertFollow(trx, who.userId, groupId);
    if (addedAt) {
      await appendToOutbox(trx, {
        type: 'evt.notifications.follow.added',
        actor,
        data: { userId: who.userId, groupId, groupName: country.name },
      });
    }
    return followedCountry(country, addedAt ?? (await followSince(trx, who.userId, groupId)), true);
  });
}

/**
 * DELETE api/follow/{groupId}: stops following a country on the site. Returns the country's
 * name (null when it is unknown here), whether or not the user was following it.
 */
export async function unfollowCountry(
  data: DataAccess<NotificationsDB>,
  userId: string,
  groupId: string,
  actor: EventActor | null,
): Promise<string | null> {
  const name = await data.inTransaction((trx) => stopFollowing(trx, userId, groupId, actor, 'site'));
  return name ?? (await findCountry(data.db, groupId))?.name ?? null;
}

/**
 * Stops following a country, in the caller's transaction: on the site (`follow.removed`)
 * or with an e-mail's link (`alert.unsubscribed`). Returns the country's name, or null
 * when the user was not following it.
 */
export async function stopFollowing(
  trx: NotificationsExecutor,
  userId: string,
  groupId: string,
  actor: EventActor | null,
  via: 'site' | 'email-link',
): Promise<string | null> {
  if (!(await deleteFollow(trx, userId, groupId))) return null;
  const groupName = (await findCountry(trx, groupId))?.name ?? groupId;
  await appendToOutbox(
    trx,
    via === 'site'
      ? { type: 'evt.notifications.follow.removed', actor, data: { userId, groupId, groupName } }
      : { type: 'evt.notifications.alert.unsubscribed', actor, data: { userId, scope: 'country', groupId, groupName, via: 'email-link' } },
  );
  return groupName;
}

/** GET api/follow: the countries a user follows (`who`, as `followCountry` takes them), and whether their access still opens each one. */
export async function listFollows(
  db: NotificationsExecutor,
  who: Pick<Follower, 'userId' | 'principal'>,
  settings: IndexAccessSettings,
): Promise<FollowedCountry[]> {
  const rows = await followedCountries(db, who.userId);
  return rows.map((r) => followedCountry(r, r.createdAt, canOpenScorecard(who.principal, r, settings)));
}
