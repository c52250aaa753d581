import { canOpenScorecard, type IndexAccessSettings, type Principal } from '@cti/access';
import { NotificationMessages, type EventActor, type FollowedCountry } from '@cti/contracts';
import { appendToOutbox, Forbidden, NotFound } from '@cti/service-kit';

import { findCountry } from '../countries/countries';
import type { NotificationsExecutor } from '../db';
import { ensureSettings } from '../settings/settings';

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
  trx: NotificationsExecutor,
  who: Follower,
  groupId: string,
  settings: IndexAccessSettings,
  actor: EventActor | null,
): Promise<FollowedCountry> {
  const country = await findCountry(trx, groupId);
  if (!country) throw new NotFound(NotificationMessages.countryNotFound);
  if (!canOpenScorecard(who.principal, country, settings)) throw new Forbidden(NotificationMessages.noAccess);
  await ensureSettings(trx, who);
  const added = await trx
    .insertInto('follows')
    .values({ userId: who.userId, groupId })
    .onConflict((oc) => oc.columns(['userId', 'groupId']).doNothing())
    .returning('createdAt')
    .executeTakeFirst();
  if (added) {
    await appendToOutbox(trx, {
      type: 'evt.notifications.follow.added',
      actor,
      data: { userId: who.userId, groupId, groupName: country.name },
    });
  }
  const since =
    added?.createdAt ??
    (
      await trx
        .selectFrom('follows')
        .select('createdAt')
        .where('userId', '=', who.userId)
        .where('groupId', '=', groupId)
        .executeTakeFirstOrThrow()
    ).createdAt;
  return followedCountry(country, since, true);
}

/**
 * Stops following a country: on the site (DELETE api/follow/{groupId}, `follow.removed`)
 * or with an e-mail's link (`alert.unsubscribed`). Returns the country's name, or null
 * when the user was not following it.
 */
export async function unfollowCountry(
  trx: NotificationsExecutor,
  userId: string,
  groupId: string,
  actor: EventActor | null,
  via: 'site' | 'email-link',
): Promise<string | null> {
  const removed = await trx
    .deleteFrom('follows')
    .where('userId', '=', userId)
    .where('groupId', '=', groupId)
    .returning('groupId')
    .executeTakeFirst();
  if (!removed) return null;
  const groupName = (await findCountry(trx, groupId))?.name ?? groupId;
  await appendToOutbox(
    trx,
    via === 'site'
      ? { type: 'evt.notifications.follow.removed', actor, data: { userId, groupId, groupName } }
      : { type: 'evt.notifications.alert.unsubscribed', actor, data: { userId, scope: 'country', groupId, groupName, via: 'email-link' } },
  );
  return groupName;
}

/** GET api/follow: the countries a user follows, and whether their access still opens each one. */
export async function listFollows(
  db: NotificationsExecutor,
  p: Principal,
  userId: string,
  settings: IndexAccessSettings,
): Promise<FollowedCountry[]> {
  const rows = await db
    .selectFrom('follows')
    .innerJoin('countries', 'countries.groupId', 'follows.groupId')
    .select(['countries.groupId', 'countries.name', 'countries.countryId', 'countries.logoPath', 'follows.createdAt'])
    .where('follows.userId', '=', userId)
    .orderBy('countries.name')
    .execute();
  return rows.map((r) => followedCountry(r, r.createdAt, canOpenScorecard(p, r, settings)));
}
