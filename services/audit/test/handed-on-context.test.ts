import { contextFromHeaders } from '@cti/events';
import { appendToOutbox, type ServiceApp } from '@cti/service-kit';
import { contextHooksOn, eventually, outboxHeadersOf, testContextForTests } from '@cti/testing';

import { auditService } from '../src/app';

import { actor, adminToken } from './support/audit-test-kit';

/**
 * Audit does not run its work inside trace contexts: every event of the platform passes through
 * its consumer, and on Node 20 entering a context turns on async hooks for the whole process.
 */
const context = testContextForTests({ contextEnv: { AUDIT_CHAIN_CHECK_EVERY_MINUTES: '0' } });
let audit: ServiceApp;

beforeAll(async () => {
  audit = await context.ctx.start(auditService);
});

it('records an event, publishes its entry with a trace and answers a report, without turning on async hooks', async () => {
  // a login written to the outbox as a request of identity's would, in its caller's trace
  const caller = contextFromHeaders({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
  const login = {
    type: 'evt.identity.user.loggedIn',
    actor: actor('Rory Respondent'),
    data: { userId: 'u-rory', email: 'rory@example.com', free: false },
  } as const;
  await audit.inTransaction((trx) => appendToOutbox(trx, login), { context: caller });
  const headers = await eventually(() => outboxHeadersOf(audit, 'evt.audit.entry.recorded'), 30_000);
  // (the batch that recorded it has a span of its own, linked to the events it took in)
  expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);

  const report = await audit.inject({
    method: 'GET',
    url: '/api/questionnaire/changes/10',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(report.statusCode).toBe(200);
  expect(contextHooksOn()).not.toBe(true);
});
