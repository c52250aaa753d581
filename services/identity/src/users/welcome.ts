import type { EventActor } from '@cti/contracts';
import { appendToOutbox } from '@cti/service-kit';

import type { IdentityContext } from '../context';
import type { IdentityExecutor } from '../db';
import { queueMail } from '../mail/mailer';
import { MailTemplates } from '../mail/templates';
import { issueOneTimeToken } from '../tokens/one-time-tokens';

/**
 * Queues the welcome e-mail with a fresh set-password link (earlier links stop
 * working), valid `WELCOME_TOKEN_TTL_HOURS` from `now`, and records `evt.identity.welcome.sent`.
 * Answers the mail id.
 */
export async function queueWelcomeMail(
  trx: IdentityExecutor,
  ctx: IdentityContext,
  user: { id: string; email: string; name: string },
  actor: EventActor | null,
  now: Date,
  options: { interactive?: boolean } = {},
): Promise<string> {
  const hours = ctx.config.WELCOME_TOKEN_TTL_HOURS;
  const token = await issueOneTimeToken(trx, user.id, 'welcome', hours * 3_600_000, { replacePrevious: true, now });
  const content = MailTemplates.welcome(user.name || user.email, ctx.links.setPassword(user.id, token), hours);
  const mailId = await queueMail(trx, { to: [user.email], ...content, kind: 'welcome' }, { interactive: options.interactive });
  await appendToOutbox(trx, { type: 'evt.identity.welcome.sent', actor, data: { userId: user.id, email: user.email } });
  return mailId;
}
