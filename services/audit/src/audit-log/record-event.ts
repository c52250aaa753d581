import type { DomainEvent } from '@cti/contracts';
import { sql, upsert } from '@cti/db';

import { appendAuditRows, type NewAuditRow } from '../chain/append-row';
import type { AuditExecutor } from '../db';

import { describeEvent } from './describe-event';
import { publishAuditEntries, PUBLISHED_NOT_RECORDED } from './publish-entry';

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

/** The year a period is about: the first four-digit year in its name. */
export const yearOf = (periodName: string) => {
  const match = /\b(19|20|21)\d{2}\b/.exec(periodName);
  return match ? Number(match[0]) : null;
};

/**
 * Stores events, in the order given: their chained audit rows (with the change record of a
 * Response), the filter suggestions they add, and the score and period facts the suggestions
 * read; and publishes each row (`evt.audit.entry.recorded`) once this transaction commits.
 * The consumer runs this once per event id, in one transaction per batch of deliveries.
 */
export async function recordEvents(trx: AuditExecutor, events: readonly DomainEvent[], chainKey: string): Promise<void> {
  const recorded = events.filter((event) => !(PUBLISHED_NOT_RECORDED as readonly string[]).includes(event.type));
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
  await trx
    .insertInto('auditFilterValues')
    // in one order, so two writers never wait on each other's half of the same values
    .values([...suggestions.values()].sort((a, b) => a.key.localeCompare(b.key) || a.value.localeCompare(b.value)))
    .onConflict((oc) => oc.doNothing())
    .execute();

  // facts of the events that got their row, in delivery order (a later score wins)
  const stored = new Set(links.map((link) => link.content.id.toLowerCase()));
  for (const event of recorded) {
    if (!stored.has(event.id.toLowerCase())) continue;
    if (event.type === 'evt.scoring.scores.saved') {
      const { questionnaireId, groupId, groupName, periodId, periodName, score, category } = event.data;
      const facts = { groupId, groupName, periodId, periodName, year: yearOf(periodName), score, category };
      await upsert(trx, 'scoreFacts', { questionnaireId, ...facts }, ['questionnaireId'], facts).execute();
    }
    if (event.type === 'evt.questionnaire.period.opened') {
      const d = event.data;
      const year = yearOf(d.name) ?? new Date(d.createdAt).getUTCFullYear();
      await upsert(trx, 'periods', { periodId: d.periodId, name: d.name, year }, ['periodId'], {
        name: d.name,
        year: sql`excluded.year`,
      }).execute();
    }
  }
}
