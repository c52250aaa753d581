import { NotificationMessages, type UnsubscribeAnswer } from '@cti/contracts';
import { appendToOutbox, BadRequest, type DataAccess } from '@cti/service-kit';

import { findCountry } from '../countries/repository';
import type { NotificationsDB, NotificationsExecutor } from '../db';
import { stopFollowing } from '../follows/follows';
import { insertFollow } from '../follows/repository';
import { actorOfUser, modeBeforeOff, setEmailMode } from '../settings/settings';

import { readUnsubscribeToken } from './tokens';

export interface LinkOptions {
  tokenKey: string;
  digestHourUtc: number;
}

function purposeOf(token: string, key: string) {
  const purpose = readUnsubscribeToken(key, token);
  if (!purpose) throw new BadRequest(NotificationMessages.badToken);
  return purpose;
}

const countryName = async (trx: NotificationsExecutor, groupId: string) => (await findCountry(trx, groupId))?.name ?? 'this country';

/**
 * POST api/notifications/unsubscribe: what the one-click link of an alert e-mail does,
 * without signing in: stops one country's alerts, or alert e-mails. Clicking twice is
 * the same as once (and records one unsubscribe).
 */
export async function unsubscribeWithLink(data: DataAccess<NotificationsDB>, token: string, o: LinkOptions): Promise<UnsubscribeAnswer> {
  const purpose = purposeOf(token, o.tokenKey);
  return data.inTransaction(async (trx) => {
    const actor = await actorOfUser(trx, purpose.userId);
    if (purpose.scope === 'country') {
      await stopFollowing(trx, purpose.userId, purpose.groupId, actor, 'email-link');
      const name = await countryName(trx, purpose.groupId);
      return { message: NotificationMessages.unsubscribedCountry(name), Scope: 'country', Group: name };
    }
    await setEmailMode(trx, {
      userId: purpose.userId,
      mode: 'off',
      via: 'email-link',
      actor,
      now: data.clock.now(),
      digestHourUtc: o.digestHourUtc,
    });
    return { message: NotificationMessages.unsubscribedEmail, Scope: 'email', Group: null };
  });
}

/**
 * POST api/notifications/resubscribe: the undo offered right after an unsubscribe. Following
 * again needs no access check here: alerts are checked against the user's access whenever
 * they are shown or sent.
 */
export async function resubscribeWithLink(data: DataAccess<NotificationsDB>, token: string, o: LinkOptions): Promise<UnsubscribeAnswer> {
  const purpose = purposeOf(token, o.tokenKey);
  return data.inTransaction(async (trx) => {
    const actor = await actorOfUser(trx, purpose.userId);
    if (purpose.scope === 'country') {
      const country = await findCountry(trx, purpose.groupId);
      if (!country) throw new BadRequest(NotificationMessages.countryNotFound);
      const added = await insertFollow(trx, purpose.userId, purpose.groupId);
      if (added)
        await appendToOutbox(trx, {
          type: 'evt.notifications.follow.added',
          actor,
          data: { userId: purpose.userId, groupId: country.groupId, groupName: country.name },
        });
      return { message: NotificationMessages.resubscribedCountry(country.name), Scope: 'country', Group: country.name };
    }
    const mode = await modeBeforeOff(trx, purpose.userId);
    await setEmailMode(trx, {
      userId: purpose.userId,
      mode,
      via: 'email-link',
      actor,
      now: data.clock.now(),
      digestHourUtc: o.digestHourUtc,
    });
    return { message: NotificationMessages.resubscribedEmail, Scope: 'email', Group: null };
  });
}
