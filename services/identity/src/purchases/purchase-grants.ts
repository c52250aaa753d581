import { RoleIds, type RoleName } from '@cti/access';
import type { DomainEvent, EventActor } from '@cti/contracts';
import { appendToOutbox, type Clock, type ConsumerDefinition } from '@cti/service-kit';

import { activeRoleIds, addToGroup } from '../accounts/repository';
import type { IdentityDB, IdentityExecutor } from '../db';
import { emailOfUser, lockUserRow } from '../sessions/repository';
import { accessSnapshotOf, lockUserForChange, revokeIfNarrowed } from '../sessions/revocation';

import {
  deleteGrantBase,
  existingGroupIds,
  grantBase,
  grantsInForce,
  groupIdsOrdered,
  insertGrantBase,
  insertRevokedTombstone,
  isGroupMember,
  lockGrantOfSource,
  markGrantRevoked,
  putRoleHolding,
  removeGroupMember,
  removeRoleHolding,
  roleHolding,
  upsertGrant,
  type GrantTargetKind,
} from './repository';

type Trx = IdentityExecutor;

interface Grant {
  roles: string[];
  groupIds: string[];
  expiresOn: string | null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a user holds of a role or country group that a purchase touches, before the
 * first purchase touched it (a role counts if it has not ended at `now`). Kept while any
 * grant covers it; restored when none does.
 */
async function rememberBase(trx: Trx, userId: string, kind: GrantTargetKind, target: string, now: Date): Promise<void> {
  let present: boolean;
  let expiresOn: string | null = null;
  if (kind === 'role') {
    const row = await roleHolding(trx, userId, Number(target));
    present = !!row && (row.expiresOn === null || Date.parse(row.expiresOn) > now.getTime());
    expiresOn = row?.expiresOn ?? null;
  } else {
    present = await isGroupMember(trx, userId, target);
  }
  await insertGrantBase(trx, { userId, kind, target, present, expiresOn: present ? expiresOn : null });
}

/** Sets the user's role or membership from what they held before and the grants in force at `now`. */
async function recompute(trx: Trx, userId: string, kind: GrantTargetKind, target: string, now: Date): Promise<void> {
  const active = await grantsInForce(trx, userId, kind, target, now);
  const base = await grantBase(trx, userId, kind, target);

  if (kind === 'group') {
    if (active.length) {
      await addToGroup(trx, userId, target);
      return;
    }
    if (base && !base.present) await removeGroupMember(trx, userId, target);
    await deleteGrantBase(trx, userId, kind, target);
    return;
  }

  const roleId = Number(target);
  if (!active.length) {
    if (base?.present) await putRoleHolding(trx, userId, roleId, base.expiresOn);
    else if (base) await removeRoleHolding(trx, userId, roleId);
    await deleteGrantBase(trx, userId, kind, target);
    return;
  }
  // a role held without end stays without end; otherwise the latest end wins
  const ends = active.map((g) => g.expiresOn);
  if (base?.present) ends.push(base.expiresOn);
  const expiresOn = ends.some((e) => e === null) ? null : new Date(Math.max(...ends.map((e) => Date.parse(e!)))).toISOString();
  await putRoleHolding(trx, userId, roleId, expiresOn);
}

const targetsOf = (g: { roleIds: number[]; groupIds: string[] }) => [
  ...g.roleIds.map((r) => ['role', String(r)] as const),
  ...g.groupIds.map((id) => ['group', id] as const),
];

async function recordRolesChanged(trx: Trx, userId: string, reason: string, actor: EventActor | null, now: Date): Promise<void> {
  const email = await emailOfUser(trx, userId);
  if (email === null) return;
  const roles = await activeRoleIds(trx, userId, now);
  const groupIds = await groupIdsOrdered(trx, userId);
  await appendToOutbox(trx, {
    type: 'evt.identity.user.rolesChanged',
    actor,
    data: { userId, email, roles, groupIds, reason },
  });
}

/** Locks the user for the change, so grants of one user never interleave (replicas included). */
async function lockUser(trx: Trx, userId: string): Promise<boolean> {
  if (!uuid.test(userId)) return false;
  return lockUserRow(trx, userId);
}

/**
 * Gives a purchase's grant (or replaces what the same subscription granted before:
 * a renewal moves the end, a plan change swaps the role). A revoked source stays
 * revoked, and a notice older than the last one applied is ignored. Grants in force are
 * judged at `now`.
 */
async function applyPurchaseGrant(
  trx: Trx,
  input: { sourceId: string; userId: string; productName: string; grant: Grant; eventAt: string; reason: string; actor: EventActor | null },
  now: Date,
): Promise<boolean> {
  if (!(await lockUser(trx, input.userId))) return false;
  const existing = await lockGrantOfSource(trx, input.sourceId);
  if (existing?.revokedAt || (existing && Date.parse(input.eventAt) < Date.parse(existing.lastEventAt))) return false;
  const roleIds: number[] = [...new Set(input.grant.roles.map((r): number | undefined => RoleIds[r as RoleName]))].filter(
    (id): id is number => typeof id === 'number',
  );
  const wanted = [...new Set(input.grant.groupIds.filter((id) => uuid.test(id)))];
  const next = { roleIds, groupIds: await existingGroupIds(trx, wanted) };
  const touched = new Map([...targetsOf(next), ...(existing ? targetsOf(existing) : [])].map(([k, t]) => [`${k}:${t}`, [k, t] as const]));
  for (const [kind, target] of touched.values())
    if (next.roleIds.includes(Number(target)) || next.groupIds.includes(target)) await rememberBase(trx, input.userId, kind, target, now);
  await upsertGrant(trx, {
    sourceId: input.sourceId,
    userId: input.userId,
    productName: input.productName,
    ...next,
    expiresOn: input.grant.expiresOn,
    lastEventAt: input.eventAt,
  });
  for (const [kind, target] of touched.values()) await recompute(trx, input.userId, kind, target, now);
  await recordRolesChanged(trx, input.userId, input.reason, input.actor, now);
  return true;
}

/** Takes back what a source granted, for good (refund, end of subscription, expiry), revoked at `now`. */
async function revokePurchaseGrant(
  trx: Trx,
  input: { sourceId: string; userId: string; productName: string; eventAt: string; reason: string; actor: EventActor | null },
  now: Date,
): Promise<boolean> {
  if (!(await lockUser(trx, input.userId))) return false;
  const existing = await lockGrantOfSource(trx, input.sourceId);
  if (existing?.revokedAt) return false;
  if (!existing) {
    // revoked before its grant arrived: a tombstone keeps a late grant from applying
    const { sourceId, userId, productName, eventAt } = input;
    await insertRevokedTombstone(trx, { sourceId, userId, productName, lastEventAt: eventAt }, now);
    return false;
  }
  await markGrantRevoked(trx, input.sourceId, input.eventAt, now);
  for (const [kind, target] of targetsOf(existing)) await recompute(trx, input.userId, kind, target, now);
  await recordRolesChanged(trx, input.userId, input.reason, input.actor, now);
  return true;
}

/**
 * Applies one commerce event at `now` (the service clock): purchases grant roles (one year
 * on), refunds and ends take them back.
 */
export async function handleCommerceEvent(event: DomainEvent, t: Trx, now: Date): Promise<void> {
  const common = { eventAt: event.occurredAt, actor: event.actor };
  switch (event.type) {
    case 'evt.commerce.purchase.completed': {
      const d = event.data;
      await applyPurchaseGrant(
        t,
        {
          ...common,
          sourceId: d.subscriptionId ?? d.purchaseId,
          userId: d.userId,
          productName: d.productName,
          grant: d.grant,
          reason: `Purchased ${d.productName}`,
        },
        now,
      );
      return;
    }
    case 'evt.commerce.subscription.planChanged': {
      const d = event.data;
      await applyPurchaseGrant(
        t,
        {
          ...common,
          sourceId: d.subscriptionId,
          userId: d.userId,
          productName: d.productName,
          grant: d.grant,
          reason: `Subscription moved from ${d.fromProductName} to ${d.productName}`,
        },
        now,
      );
      return;
    }
    case 'evt.commerce.purchase.refunded': {
      const d = event.data;
      await revokePurchaseGrant(
        t,
        {
          ...common,
          sourceId: d.subscriptionId ?? d.purchaseId,
          userId: d.userId,
          productName: d.productName,
          reason: `Refunded ${d.productName}`,
        },
        now,
      );
      return;
    }
    case 'evt.commerce.subscription.cancelled': {
      const d = event.data;
      await revokePurchaseGrant(
        t,
        {
          ...common,
          sourceId: d.subscriptionId,
          userId: d.userId,
          productName: d.productName,
          reason: `Subscription to ${d.productName} ended: ${d.reason}`,
        },
        now,
      );
      return;
    }
    case 'evt.commerce.purchase.expired': {
      const d = event.data;
      await revokePurchaseGrant(
        t,
        {
          ...common,
          sourceId: d.purchaseId,
          userId: d.userId,
          productName: d.productName,
          reason: `${d.productName} expired`,
        },
        now,
      );
      return;
    }
    default:
      return;
  }
}

/** The user a commerce event is about. */
const userOfEvent = (event: DomainEvent): string | null => {
  const data = event.data as { userId?: unknown };
  return typeof data.userId === 'string' && uuid.test(data.userId) ? data.userId : null;
};

/**
 * Identity's durable consumer of commerce's purchase events, on the service's clock. When
 * an event takes access away (refund, end, expiry), the user's tokens are voided on every service.
 */
export const purchaseGrantsConsumer = (clock: Clock): ConsumerDefinition<IdentityDB> => ({
  name: 'purchases',
  filter: [
    'evt.commerce.purchase.completed',
    'evt.commerce.purchase.refunded',
    'evt.commerce.purchase.expired',
    'evt.commerce.subscription.cancelled',
    'evt.commerce.subscription.planChanged',
  ],
  async handle(event, trx) {
    const userId = userOfEvent(event);
    const now = clock.now();
    const before = userId && (await lockUserForChange(trx, userId)) ? await accessSnapshotOf(trx, userId, now) : null;
    await handleCommerceEvent(event, trx, now);
    if (userId) await revokeIfNarrowed(trx, userId, before, 'purchased access ended', event.actor, now);
  },
});
