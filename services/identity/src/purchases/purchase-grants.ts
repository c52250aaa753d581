import { RoleIds, type RoleName } from '@cti/access';
import type { DomainEvent, EventActor } from '@cti/contracts';
import { sql, type Transaction } from '@cti/db';
import { appendToOutbox, type ConsumerDefinition } from '@cti/service-kit';

import type { IdentityDB } from '../db';
import { accessSnapshotOf, lockUserForChange, revokeIfNarrowed } from '../sessions/revocation';
import { activeRoleIds } from '../users/repository';

type Trx = Transaction<IdentityDB>;

interface Grant {
  roles: string[];
  groupIds: string[];
  expiresOn: string | null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a user holds of a role or country group that a purchase touches, before the
 * first purchase touched it. Kept while any grant covers it; restored when none does.
 */
async function rememberBase(trx: Trx, userId: string, kind: 'role' | 'group', target: string): Promise<void> {
  let present: boolean;
  let expiresOn: string | null = null;
  if (kind === 'role') {
    const row = await trx
      .selectFrom('userRoles')
      .select('expiresOn')
      .where('userId', '=', userId)
      .where('roleId', '=', Number(target))
      .executeTakeFirst();
    present = !!row && (row.expiresOn === null || Date.parse(row.expiresOn) > Date.now());
    expiresOn = row?.expiresOn ?? null;
  } else {
    present = !!(await trx
      .selectFrom('userGroups')
      .select('groupId')
      .where('userId', '=', userId)
      .where('groupId', '=', target)
      .executeTakeFirst());
  }
  await trx
    .insertInto('purchaseGrantBases')
    .values({ userId, kind, target, present, expiresOn: present ? expiresOn : null })
    .onConflict((oc) => oc.columns(['userId', 'kind', 'target']).doNothing())
    .execute();
}

/** Sets the user's role or membership from what they held before and the grants still in force. */
async function recompute(trx: Trx, userId: string, kind: 'role' | 'group', target: string): Promise<void> {
  const column = kind === 'role' ? sql`role_ids` : sql`group_ids`;
  const value = kind === 'role' ? sql`${Number(target)}::integer` : sql`${target}::uuid`;
  const active = await trx
    .selectFrom('purchaseGrants')
    .select('expiresOn')
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresOn', 'is', null), eb('expiresOn', '>', sql<string>`now()`)]))
    .where(sql<boolean>`${value} = any(${column})`)
    .execute();
  const base = await trx
    .selectFrom('purchaseGrantBases')
    .selectAll()
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('target', '=', target)
    .executeTakeFirst();

  if (kind === 'group') {
    if (active.length) {
      await trx
        .insertInto('userGroups')
        .values({ userId, groupId: target })
        .onConflict((oc) => oc.columns(['userId', 'groupId']).doNothing())
        .execute();
      return;
    }
    if (base && !base.present) await trx.deleteFrom('userGroups').where('userId', '=', userId).where('groupId', '=', target).execute();
    await trx.deleteFrom('purchaseGrantBases').where('userId', '=', userId).where('kind', '=', kind).where('target', '=', target).execute();
    return;
  }

  const roleId = Number(target);
  if (!active.length) {
    if (base?.present) {
      await trx
        .insertInto('userRoles')
        .values({ userId, roleId, expiresOn: base.expiresOn })
        .onConflict((oc) => oc.columns(['userId', 'roleId']).doUpdateSet({ expiresOn: base.expiresOn }))
        .execute();
    } else if (base) {
      await trx.deleteFrom('userRoles').where('userId', '=', userId).where('roleId', '=', roleId).execute();
    }
    await trx.deleteFrom('purchaseGrantBases').where('userId', '=', userId).where('kind', '=', kind).where('target', '=', target).execute();
    return;
  }
  // a role held without end stays without end; otherwise the latest end wins
  const ends = active.map((g) => g.expiresOn);
  if (base?.present) ends.push(base.expiresOn);
  const expiresOn = ends.some((e) => e === null) ? null : new Date(Math.max(...ends.map((e) => Date.parse(e!)))).toISOString();
  await trx
    .insertInto('userRoles')
    .values({ userId, roleId, expiresOn })
    .onConflict((oc) => oc.columns(['userId', 'roleId']).doUpdateSet({ expiresOn }))
    .execute();
}

const targetsOf = (g: { roleIds: number[]; groupIds: string[] }) => [
  ...g.roleIds.map((r) => ['role', String(r)] as const),
  ...g.groupIds.map((id) => ['group', id] as const),
];

async function recordRolesChanged(trx: Trx, userId: string, reason: string, actor: EventActor | null): Promise<void> {
  const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const roles = await activeRoleIds(trx, userId);
  const groups = await trx.selectFrom('userGroups').select('groupId').where('userId', '=', userId).orderBy('groupId').execute();
  await appendToOutbox(trx, {
    type: 'evt.identity.user.rolesChanged',
    actor,
    data: { userId, email: user.email, roles, groupIds: groups.map((g) => g.groupId), reason },
  });
}

/** Locks the user for the change, so grants of one user never interleave (replicas included). */
async function lockUser(trx: Trx, userId: string): Promise<boolean> {
  if (!uuid.test(userId)) return false;
  return !!(await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst());
}

/**
 * Gives a purchase's grant (or replaces what the same subscription granted before:
 * a renewal moves the end, a plan change swaps the role). A revoked source stays
 * revoked, and a notice older than the last one applied is ignored.
 */
export async function applyPurchaseGrant(
  trx: Trx,
  input: { sourceId: string; userId: string; productName: string; grant: Grant; eventAt: string; reason: string; actor: EventActor | null },
): Promise<boolean> {
  if (!(await lockUser(trx, input.userId))) return false;
  const existing = await trx.selectFrom('purchaseGrants').selectAll().where('sourceId', '=', input.sourceId).forUpdate().executeTakeFirst();
  if (existing?.revokedAt || (existing && Date.parse(input.eventAt) < Date.parse(existing.lastEventAt))) return false;
  const roleIds: number[] = [...new Set(input.grant.roles.map((r): number | undefined => RoleIds[r as RoleName]))].filter(
    (id): id is number => typeof id === 'number',
  );
  const wanted = [...new Set(input.grant.groupIds.filter((id) => uuid.test(id)))];
  const groups = wanted.length ? await trx.selectFrom('groups').select('id').where('id', 'in', wanted).execute() : [];
  const next = { roleIds, groupIds: groups.map((g) => g.id) };
  const touched = new Map([...targetsOf(next), ...(existing ? targetsOf(existing) : [])].map(([k, t]) => [`${k}:${t}`, [k, t] as const]));
  for (const [kind, target] of touched.values())
    if (next.roleIds.includes(Number(target)) || next.groupIds.includes(target)) await rememberBase(trx, input.userId, kind, target);
  await trx
    .insertInto('purchaseGrants')
    .values({
      sourceId: input.sourceId,
      userId: input.userId,
      productName: input.productName,
      ...next,
      expiresOn: input.grant.expiresOn,
      revokedAt: null,
      lastEventAt: input.eventAt,
    })
    .onConflict((oc) =>
      oc
        .column('sourceId')
        .doUpdateSet({ productName: input.productName, ...next, expiresOn: input.grant.expiresOn, lastEventAt: input.eventAt }),
    )
    .execute();
  for (const [kind, target] of touched.values()) await recompute(trx, input.userId, kind, target);
  await recordRolesChanged(trx, input.userId, input.reason, input.actor);
  return true;
}

/** Takes back what a source granted, for good (refund, end of subscription, expiry). */
export async function revokePurchaseGrant(
  trx: Trx,
  input: { sourceId: string; userId: string; productName: string; eventAt: string; reason: string; actor: EventActor | null },
): Promise<boolean> {
  if (!(await lockUser(trx, input.userId))) return false;
  const existing = await trx.selectFrom('purchaseGrants').selectAll().where('sourceId', '=', input.sourceId).forUpdate().executeTakeFirst();
  if (existing?.revokedAt) return false;
  if (!existing) {
    // revoked before its grant arrived: a tombstone keeps a late grant from applying
    await trx
      .insertInto('purchaseGrants')
      .values({
        sourceId: input.sourceId,
        userId: input.userId,
        productName: input.productName,
        roleIds: [],
        groupIds: [],
        expiresOn: null,
        revokedAt: sql<string>`now()`,
        lastEventAt: input.eventAt,
      })
      .execute();
    return false;
  }
  await trx
    .updateTable('purchaseGrants')
    .set({ revokedAt: sql<string>`now()`, lastEventAt: input.eventAt })
    .where('sourceId', '=', input.sourceId)
    .execute();
  for (const [kind, target] of targetsOf(existing)) await recompute(trx, input.userId, kind, target);
  await recordRolesChanged(trx, input.userId, input.reason, input.actor);
  return true;
}

/** Applies one commerce event: purchases grant roles (one year on), refunds and ends take them back. */
export async function handleCommerceEvent(event: DomainEvent, t: Trx): Promise<void> {
  const common = { eventAt: event.occurredAt, actor: event.actor };
  switch (event.type) {
    case 'evt.commerce.purchase.completed': {
      const d = event.data;
      await applyPurchaseGrant(t, {
        ...common,
        sourceId: d.subscriptionId ?? d.purchaseId,
        userId: d.userId,
        productName: d.productName,
        grant: d.grant,
        reason: `Purchased ${d.productName}`,
      });
      return;
    }
    case 'evt.commerce.subscription.planChanged': {
      const d = event.data;
      await applyPurchaseGrant(t, {
        ...common,
        sourceId: d.subscriptionId,
        userId: d.userId,
        productName: d.productName,
        grant: d.grant,
        reason: `Subscription moved from ${d.fromProductName} to ${d.productName}`,
      });
      return;
    }
    case 'evt.commerce.purchase.refunded': {
      const d = event.data;
      await revokePurchaseGrant(t, {
        ...common,
        sourceId: d.subscriptionId ?? d.purchaseId,
        userId: d.userId,
        productName: d.productName,
        reason: `Refunded ${d.productName}`,
      });
      return;
    }
    case 'evt.commerce.subscription.cancelled': {
      const d = event.data;
      await revokePurchaseGrant(t, {
        ...common,
        sourceId: d.subscriptionId,
        userId: d.userId,
        productName: d.productName,
        reason: `Subscription to ${d.productName} ended: ${d.reason}`,
      });
      return;
    }
    case 'evt.commerce.purchase.expired': {
      const d = event.data;
      await revokePurchaseGrant(t, {
        ...common,
        sourceId: d.purchaseId,
        userId: d.userId,
        productName: d.productName,
        reason: `${d.productName} expired`,
      });
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
 * Identity's durable consumer of commerce's purchase events. When an event takes access
 * away (refund, end, expiry), the user's tokens are voided on every service.
 */
export const purchaseGrantsConsumer: ConsumerDefinition<IdentityDB> = {
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
    const before = userId && (await lockUserForChange(trx, userId)) ? await accessSnapshotOf(trx, userId) : null;
    await handleCommerceEvent(event, trx);
    if (userId) await revokeIfNarrowed(trx, userId, before, 'purchased access ended', event.actor);
  },
};
