import { randomUUID } from 'node:crypto';

import type { IndexAccessSettings } from '@cti/access';
import type { InternalUserAccess } from '@cti/contracts';
import type { Kysely } from '@cti/db';
import { appendToOutbox, BackgroundPasses, systemClock, type Clock } from '@cti/service-kit';

import { allCountries, type CountryMap } from '../countries/repository';
import type { DeliveryMode, NotificationsDB, NotificationsExecutor } from '../db';
import { nextDigestAt } from '../settings/digest-schedule';
import { renderAlert } from '../visibility/visibility';

import { MailRefused, type MailPort } from './mail-port';
import { RateLimiter } from './rate-limiter';
import { renderAlertMail, type MailAlert } from './render-mail';
import {
  groupNamesOfDelivery,
  insertClaimedDelivery,
  lockUserForMail,
  markDeliveryBounced,
  markDeliverySent,
  pendingAlerts,
  reclaimExpiredDelivery,
  recordDeliveryError,
  usersWithDueDigests,
  usersWithImmediateAlerts,
  withholdAlerts,
  type DeliveryRow,
} from './repository';
import { principalOfAccess, type AccessLookup } from './user-access';

/** Users looked at per round (one call to identity for their access). */
const USERS_PER_ROUND = 200;
/** Alerts one e-mail carries at most (the rest go in the next one). */
const ALERTS_PER_MAIL = 100;

export interface DispatcherLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface DispatcherOptions {
  db: Kysely<NotificationsDB>;
  /** Runs a use-case in a transaction whose outbox events are published after commit. */
  inTransaction: <T>(work: (trx: NotificationsExecutor) => Promise<T>) => Promise<T>;
  access: AccessLookup;
  mail: MailPort;
  settings: IndexAccessSettings;
  publicUrl: string;
  tokenKey: string;
  digestHourUtc: number;
  mailPerSecond: number;
  /** E-mails prepared and handed over at once (the rate still caps them): keeps up with the mail port's rate. */
  concurrency?: number;
  pollMs: number;
  /** How long a claimed e-mail belongs to the process that claimed it before another resends it. */
  leaseMs?: number;
  clock?: Clock;
  logger: DispatcherLogger;
  /** Outcome counts, for metrics. */
  observe?: (mode: DeliveryMode, outcome: 'sent' | 'bounced' | 'withheld' | 'retry', alerts: number) => void;
  /** Test seam: runs after the mail port accepted a mail and before it is marked sent. */
  afterMailAccepted?: (deliveryId: string) => Promise<void>;
}

/**
 * Sends alert e-mails: each pending alert at once to users who chose immediate alerts,
 * and daily or weekly digests when due, at the mail port's rate. Before every e-mail it
 * asks identity what the user may see now, and leaves out (withholds) any alert they may
 * no longer see. An e-mail is claimed, with its content, in one transaction before it is
 * handed to the mail port with its id as idempotency key, and marked sent in another: a
 * process that stops in between leaves it claimed, and whoever finds the claim expired
 * sends it again under the same key. The mail port queues it once: no e-mail twice, none lost.
 */
export class AlertDispatcher extends BackgroundPasses {
  private readonly clock: Clock;
  private readonly leaseMs: number;
  private readonly rate: RateLimiter;

  constructor(private readonly o: DispatcherOptions) {
    super(o.pollMs);
    this.clock = o.clock ?? systemClock;
    this.leaseMs = o.leaseMs ?? 120_000;
    this.rate = new RateLimiter(o.mailPerSecond);
  }

  protected pass(): Promise<void> {
    return this.runOnce();
  }

  protected passFailed(err: unknown): void {
    this.o.logger.warn({ err }, 'alert e-mail pass stopped; the next pass resumes');
  }

  /** One pass: resend expired claims, then immediate alerts, then due digests. */
  async runOnce(): Promise<void> {
    await this.resendExpired();
    await this.eachRound((after) => usersWithImmediateAlerts(this.o.db, after, USERS_PER_ROUND));
    const now = this.clock.now().toISOString();
    await this.eachRound((after) => usersWithDueDigests(this.o.db, now, after, USERS_PER_ROUND));
  }

  /** Works through users round by round (keyset order: memory stays flat however many there are). */
  private async eachRound(next: (afterUserId: string) => Promise<Array<{ userId: string; mode: DeliveryMode }>>): Promise<void> {
    let after = '';
    for (;;) {
      if (this.stopping) return;
      const users = await next(after);
      if (!users.length) return;
      // one question to identity per round; if it does not answer, nothing is sent unchecked
      const access = await this.o.access(users.map((u) => u.userId));
      // the countries as they stand for this round (a small table)
      const countries = await allCountries(this.o.db);
      await eachConcurrently(users, this.o.concurrency ?? 1, async (user) => {
        if (!this.stopping) await this.deliverTo(user.userId, user.mode, access.get(user.userId) ?? null, countries);
      });
      if (this.stopping) return;
      after = users.at(-1)!.userId;
    }
  }

  /** Claims one e-mail for a user (their pending alerts they may still see), then sends it. */
  private async deliverTo(userId: string, mode: DeliveryMode, access: InternalUserAccess | null, countries: CountryMap): Promise<void> {
    const now = this.clock.now();
    // claiming writes no event: a plain transaction, few round trips (it runs once per e-mail)
    const claimed = await this.o.db.transaction().execute(async (trx) => {
      const next = nextDigestAt(mode, now, this.o.digestHourUtc);
      // one replica per user at a time (another one holding the user moves on); a digest is claimed
      // for its period with its alerts, or there was nothing to tell; the user as identity names them now
      const user = { userId, mode, email: access?.Email ?? null, name: access?.Name ?? null };
      if (!(await lockUserForMail(trx, user, now, next))) return null;
      const pending = await pendingAlerts(trx, userId, ALERTS_PER_MAIL);
      if (!pending.length) return null;
      const shown: Array<{ id: number } & MailAlert> = [];
      const withheld: number[] = [];
      for (const a of pending) {
        const country = a.groupId ? (countries.get(a.groupId) ?? null) : null;
        // an inactive account (disabled, expired) or one identity no longer knows gets nothing
        const alert = access?.Active ? renderAlert(principalOfAccess(access), a, country, this.o.settings) : null;
        if (alert) shown.push({ id: a.id, line: alert.line, groupId: a.groupId, groupName: country?.name ?? null, link: a.link });
        else withheld.push(a.id);
      }
      if (withheld.length) {
        await withholdAlerts(trx, withheld);
        this.o.observe?.(mode, 'withheld', withheld.length);
      }
      if (!shown.length || !access) return null;
      const mail = renderAlertMail(shown, { userId, mode, publicUrl: this.o.publicUrl, tokenKey: this.o.tokenKey });
      const delivery: DeliveryRow = {
        id: randomUUID(),
        userId,
        mode,
        status: 'sending',
        email: access.Email,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        alertCount: shown.length,
        mailId: null,
        attempts: 1,
        lockedUntil: new Date(now.getTime() + this.leaseMs).toISOString(),
        error: null,
        createdAt: now.toISOString(),
        sentAt: null,
      };
      await insertClaimedDelivery(
        trx,
        delivery,
        shown.map((a) => a.id),
      );
      return { delivery, groupNames: [...new Set(shown.map((a) => a.groupName).filter((n): n is string => !!n))] };
    });
    if (claimed) await this.send(claimed.delivery, claimed.groupNames);
  }

  /** E-mails claimed by a process that stopped before it marked them: sent again under the same key. */
  private async resendExpired(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const lockedUntil = new Date(now.getTime() + this.leaseMs);
      const delivery = await this.o.db.transaction().execute((trx) => reclaimExpiredDelivery(trx, now, lockedUntil));
      if (!delivery) return;
      await this.send(delivery, await groupNamesOfDelivery(this.o.db, delivery.id));
    }
  }

  private async send(delivery: DeliveryRow, groupNames: string[]): Promise<void> {
    await this.rate.take();
    let mailId: string;
    try {
      ({ id: mailId } = await this.o.mail({
        to: [delivery.email],
        subject: delivery.subject,
        html: delivery.html,
        text: delivery.text,
        kind: delivery.mode === 'immediate' ? 'alert' : 'alert-digest',
        idempotencyKey: delivery.id,
      }));
    } catch (err) {
      if (err instanceof MailRefused) return this.bounced(delivery, null, err.message);
      // the mail port is away: the claim runs out and a later pass sends it again
      this.o.observe?.(delivery.mode, 'retry', delivery.alertCount);
      await recordDeliveryError(this.o.db, delivery.id, err instanceof Error ? err.message : String(err));
      throw err;
    }
    if (this.o.afterMailAccepted) await this.o.afterMailAccepted(delivery.id);
    await this.o.inTransaction(async (trx) => {
      if (!(await markDeliverySent(trx, delivery.id, mailId, this.clock.now()))) return;
      await appendToOutbox(trx, {
        type: 'evt.notifications.alert.sent',
        actor: null,
        data: {
          deliveryId: delivery.id,
          userId: delivery.userId,
          email: delivery.email,
          mode: delivery.mode,
          alertCount: delivery.alertCount,
          groupNames: [...groupNames].sort(),
          subject: delivery.subject,
          mailId,
        },
      });
      this.o.observe?.(delivery.mode, 'sent', delivery.alertCount);
    });
  }

  private async bounced(
    delivery: Pick<DeliveryRow, 'id' | 'userId' | 'email' | 'mode' | 'alertCount'>,
    mailId: string | null,
    reason: string,
  ) {
    await this.o.inTransaction((trx) => markBounced(trx, delivery, mailId, reason));
    this.o.observe?.(delivery.mode, 'bounced', delivery.alertCount);
  }
}

/**
 * Runs `work` over the items, at most `limit` at a time. The first failure stops new work
 * from starting, lets the started work finish, and is thrown.
 */
async function eachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * An alert e-mail that will not arrive: refused by the mail port at once, or failed there
 * after its retries (identity's `mail.failed`). Its alerts stay in the app. Once only.
 */
export async function markBounced(
  trx: NotificationsExecutor,
  delivery: Pick<DeliveryRow, 'id' | 'userId' | 'email'>,
  mailId: string | null,
  reason: string,
): Promise<boolean> {
  if (!(await markDeliveryBounced(trx, delivery.id, mailId, reason))) return false;
  await appendToOutbox(trx, {
    type: 'evt.notifications.alert.bounced',
    actor: null,
    data: { deliveryId: delivery.id, userId: delivery.userId, email: delivery.email, mailId, reason },
  });
  return true;
}
