import { CONTACT_MESSAGE_MAX, ContactAnswers, type AccessClaims, type ContactMessage, type MailMessage } from '@cti/contracts';
import { BadRequest, DomainError, type CommonConfig } from '@cti/service-kit';

import { isEmail, normalizeEmail } from '../accounts/passwords';
import type { IdentityConfig } from '../config';
import type { IdentityApp } from '../db';

import { queueMail, type Mailer, type MailerDeps } from './mailer';
import { MailTemplates } from './templates';

const HOUR = 3_600_000;

/** What the mail doors take of identity's context (which itself names the Mailer, so mail/ does not import it). */
export interface MailContext {
  config: Pick<IdentityConfig & CommonConfig, 'CONTACT_RATE_PER_IP' | 'CONTACT_RATE_PER_ACCOUNT' | 'CONTACT_EMAIL' | 'NODE_ENV'>;
  mailer: Mailer;
}

/**
 * Contact form: all fields but category required,
 * message at most 500 characters; sent to CONTACT_EMAIL with the sender as reply-to.
 * Rate-limited per IP and per sender address.
 */
export async function sendContactMessage(
  deps: Pick<MailerDeps, 'inTransaction' | 'log'> & Pick<IdentityApp, 'rateLimits'>,
  ctx: MailContext,
  input: ContactMessage,
  ip: string,
  caller: AccessClaims | null,
) {
  await deps.rateLimits.hit(`contact-ip:${ip}`, { max: ctx.config.CONTACT_RATE_PER_IP, windowMs: HOUR });
  const fields = {
    firstname: input.firstname.trim(),
    lastname: input.lastname.trim(),
    email: input.email.trim(),
    group: input.group.trim(),
    message: input.message.trim(),
    category: (input.category ?? 'general').trim() || 'general',
  };
  if (!fields.firstname || !fields.lastname || !fields.email || !fields.group || !fields.message)
    throw new BadRequest(ContactAnswers.missingFields);
  if (fields.message.length > CONTACT_MESSAGE_MAX) throw new BadRequest(ContactAnswers.tooLong);
  if (!isEmail(fields.email)) throw new BadRequest('Please enter a valid e-mail address.');
  await deps.rateLimits.hit(`contact-account:${normalizeEmail(fields.email)}`, {
    max: ctx.config.CONTACT_RATE_PER_ACCOUNT,
    windowMs: HOUR,
  });

  const content = MailTemplates.contact(fields);
  const id = await deps.inTransaction((trx) =>
    queueMail(
      trx,
      { to: [ctx.config.CONTACT_EMAIL], subject: content.subject, html: content.html, text: content.text, kind: 'contact' },
      { interactive: true, replyTo: fields.email },
    ),
  );
  const outcome = await ctx.mailer.deliverNow(id);
  if (outcome === 'failed') throw new DomainError(502, ContactAnswers.failed);
  deps.log.info({ mailId: id, signedIn: !!caller }, 'contact message sent');
  return { message: ContactAnswers.sent };
}

/** `/internal/mail/send`: another service's mail, queued (delivered in the background); answers its id. */
export async function acceptServiceMail(data: Pick<MailerDeps, 'inTransaction'>, mailer: Mailer, message: MailMessage): Promise<string> {
  const id = await data.inTransaction((trx) => queueMail(trx, message));
  mailer.kick();
  return id;
}
