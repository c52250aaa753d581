import { Counter, Gauge, type Registry } from 'prom-client';

import type { Kysely } from '@cti/db';

import { countAlertsPendingEmail } from './alerts/repository';
import type { DeliveryMode, NotificationsDB } from './db';

/** What notifications adds to its /metrics: alerts queued, e-mails by outcome, alerts waiting for e-mail. */
function notificationMetrics(registry: Registry, db: Kysely<NotificationsDB>) {
  const queued = new Counter({
    name: 'cti_notifications_alerts_queued_total',
    help: 'Alerts queued for followers (one per follower and change)',
    registers: [registry],
  });
  const emails = new Counter({
    name: 'cti_notifications_alert_emails_total',
    help: 'Alert e-mails by mode and outcome (sent, bounced, retry), and alerts withheld (no access)',
    labelNames: ['mode', 'outcome'] as const,
    registers: [registry],
  });
  const alertsByOutcome = new Counter({
    name: 'cti_notifications_alerts_emailed_total',
    help: 'Alerts carried by e-mails, by mode and outcome',
    labelNames: ['mode', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'cti_notifications_alerts_pending_email',
    help: 'Alerts waiting for their e-mail (immediate or the next digest)',
    registers: [registry],
    async collect() {
      this.set(await countAlertsPendingEmail(db));
    },
  });
  return {
    alertsQueued: (n: number) => queued.inc(n),
    delivery: (mode: DeliveryMode, outcome: 'sent' | 'bounced' | 'withheld' | 'retry', alerts: number) => {
      if (outcome !== 'withheld') emails.inc({ mode, outcome });
      alertsByOutcome.inc({ mode, outcome }, alerts);
    },
  };
}

export type NotificationMetrics = ReturnType<typeof notificationMetrics>;
const byRegistry = new WeakMap<Registry, NotificationMetrics>();

/** The metrics of one app's registry (made once: the consumer and the dispatcher share them). */
export function notificationMetricsOf(registry: Registry, db: Kysely<NotificationsDB>): NotificationMetrics {
  let metrics = byRegistry.get(registry);
  if (!metrics) byRegistry.set(registry, (metrics = notificationMetrics(registry, db)));
  return metrics;
}
