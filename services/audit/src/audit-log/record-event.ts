import type { DomainEvent } from '@cti/contracts';

import { appendAuditRows, type NewAuditRow } from '../chain/append-row';
import type { AuditExecutor } from '../db';

import { describeEvent } from './describe-event';
import { publishAuditEntries, PUBLISHED_NOT_RECORDED } from './publish-entry';
import { addFilterValues, keepAddress, keepPeriod, keepScoreFact, keptAddresses } from './repository';

/** Name of the actor of system work (relays, schedulers, seeds). */
export const SYSTEM_ACTOR = 'System';

/** The row of an event: who (Name, Country = the actor's groups), what (Action, Value), when (Stamp). */
export function auditRowOf(event: DomainEvent): NewAuditRow {
  const draft = describeEvent(event);
  const name = event.actor?.name ?? SYSTEM_ACTOR;
  const change =
    event.type === 'evt.questionnaire.answer.saved'
      ? {
          questionnaireId: event.data.questionnaireId,
          groupId: event.data.groupId,
          questionId: event.data.questionId,
          groupName: event.data.groupName,
          periodId: event.data.periodId,
          periodName: event.data.periodName,
          sectionId: event.data.sectionId,
          question: event.data.question,
          before: event.data.before,
          after: event.data.after,
          userId: event.actor?.userId ?? null,
          userName: name,
          stamp: event.occurredAt,
        }
      : null;
  return {
    id: event.id,
    eventType: event.type,
    action: draft.action,
    value: draft.description.html,
    valueText: draft.description.text,
    country: event.actor?.groupNames.join(', ') ?? '',
    name,
    actorUserId: event.actor?.userId ?? null,
    stamp: event.occurredAt,
    questionId: draft.questionId ?? null,
    questionnaireId: draft.questionnaireId ?? null,
    groupId: draft.groupId ?? null,
    change,
  };
}

/** Events that name their user by id alone (older ones also carried the address): their row names the account by its address. */
const NAMED_BY_ID = ['evt.identity.user.loggedIn', 'evt.identity.user.loggedOut', 'evt.identity.user.agreed'] as const;
type NamedById = DomainEvent<(typeof NAMED_BY_ID)[number]>;
const isNamedById = (event: DomainEvent): event is NamedById => (NAMED_BY_ID as readonly string[]).includes(event.type);

/** A user's id and address from an identity event that carries both: the address the user had then. */
function addressIn(event: DomainEvent): { userId: string; email: string } | null {
  if (!event.type.startsWith('evt.identity.')) return null;
  const data = event.data as { userId?: unknown; email?: unknown };
  return typeof data.userId === 'string' && typeof data.email === 'string' ? { userId: data.userId, email: data.email } : null;
}

/**
 * The events, in delivery order, with the address of the user of a login, logout or agreement
 * filled in: the one given by identity's latest event about the user before it (in this batch,
 * else as kept in user_emails). Left without one when audit never heard of the user's address.
 */
async function withAddresses(trx: AuditExecutor, events: readonly DomainEvent[]): Promise<DomainEvent[]> {
  const ids = [...new Set(events.filter(isNamedById).map((event) => event.data.userId))];
  if (!ids.length) return [...events];
  const kept = await keptAddresses(trx, ids);
  const known = new Map(kept.map((row) => [row.userId, row.email]));
  return events.map((event) => {
    const address = addressIn(event);
    if (address) known.set(address.userId, address.email);
    else if (isNamedById(event) && known.has(event.data.userId)) {
      return { ...event, data: { ...event.data, email: known.get(event.data.userId) } } as DomainEvent;
    }
    return event;
  });
}

/** Keeps the addresses the stored events gave (the latest per user, in delivery order). */
async function keepAddresses(trx: AuditExecutor, stored: readonly DomainEvent[]): Promise<void> {
  const latest = new Map<string, string>();
  for (const event of stored) {
    const address = addressIn(event);
    if (address) latest.set(address.userId, address.email);
  }
  // in one order, so two writers never wait on each other's half of the same rows
  for (const [userId, email] of [...latest].sort(([a], [b]) => a.localeCompare(b))) {
    await keepAddress(trx, userId, email);
  }
}

/** The year a period is about: the first four-digit year in its name. */
export const yearOf = (periodName: string) => {
  const match = /\b(19|20|21)\d{2}\b/.exec(periodName);
  return match ? Number(match[0]) : null;
};

/**
 * Stores events, in the order given: their chained audit rows (with the change record of a
 * Response), the filter suggestions they add, the score and period facts the suggestions read,
 * and the users' addresses the rows of logins name; and publishes each row (`evt.audit.entry.recorded`) once this transaction commits.
 * The consumer runs this once per event id, in one transaction per batch of deliveries.
 */
export async function recordEvents(trx: AuditExecutor, events: readonly DomainEvent[], chainKey: string): Promise<void> {
  const recorded = await withAddresses(
    trx,
    events.filter((event) => !(PUBLISHED_NOT_RECORDED as readonly string[]).includes(event.type)),
  );
  const links = await appendAuditRows(trx, chainKey, recorded.map(auditRowOf));
  if (!links.length) return;
  await publishAuditEntries(trx, links);

  // each row suggests its Action and Name, and its Country when it has one (once per batch)
  const suggestions = new Map<string, { key: string; value: string }>();
  const suggest = (key: string, value: string) => suggestions.set(`${key}\u0000${value}`, { key, value });
  for (const { content: row } of links) {
    suggest('Action', row.action);
    suggest('Name', row.name);
    if (row.country) suggest('Country', row.country);
  }
  await addFilterValues(
    trx,
    // in one order, so two writers never wait on each other's half of the same values
    [...suggestions.values()].sort((a, b) => a.key.localeCompare(b.key) || a.value.localeCompare(b.value)),
  );

  // facts of the events that got their row, in delivery order (a later score wins)
  const storedIds = new Set(links.map((link) => link.content.id.toLowerCase()));
  const stored = recorded.filter((event) => storedIds.has(event.id.toLowerCase()));
  await keepAddresses(trx, stored);
  for (const event of stored) {
    if (event.type === 'evt.scoring.scores.saved') {
      const { questionnaireId, groupId, groupName, periodId, periodName, score, category } = event.data;
      const facts = { groupId, groupName, periodId, periodName, year: yearOf(periodName), score, category };
      await keepScoreFact(trx, questionnaireId, facts);
    }
    if (event.type === 'evt.questionnaire.period.opened') {
      const d = event.data;
      const year = yearOf(d.name) ?? new Date(d.createdAt).getUTCFullYear();
      await keepPeriod(trx, { periodId: d.periodId, name: d.name, year });
    }
  }
}
