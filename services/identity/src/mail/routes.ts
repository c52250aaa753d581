import Type from 'typebox';

import { ContactMessage, ErrorBody, MailMessage, MailSendAnswer, MailboxMessage, MessageBody } from '@cti/contracts';
import { NotFound } from '@cti/service-kit';

import type { IdentityApp } from '../db';

import { acceptServiceMail, sendContactMessage, type MailContext } from './contact';
import { listMailbox } from './mailbox';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export const isLoopback = (ip: string) => /^(::ffff:)?127(\.\d{1,3}){3}$/.test(ip) || ip === '::1';

/** The dev mailbox answers in development and tests, to loopback clients (through the gateway: the browser's address). */
export const devMailboxServes = (nodeEnv: string, clientIp: string) =>
  (nodeEnv === 'development' || nodeEnv === 'test') && isLoopback(clientIp);

/**
 * The mail adapter's doors: other services send through `/internal/mail/send`; the
 * contact form posts to `api/mail/contact`; the dev mailbox reads `api/mail/dev/messages`.
 */
export async function mailRoutes(app: IdentityApp, ctx: MailContext) {
  app.post(
    '/internal/mail/send',
    { preHandler: app.requireService, schema: { hide: true, body: MailMessage, response: { 200: MailSendAnswer, 403: ErrorBody } } },
    async (request) => ({ id: await acceptServiceMail(app, ctx.mailer, request.body), status: 'queued' }),
  );

  app.post(
    '/api/mail/contact',
    {
      schema: {
        tags: ['mail'],
        summary: 'Send a message through the contact form',
        body: ContactMessage,
        response: { 200: MessageBody, 400: ErrorBody, 429: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => sendContactMessage(app, ctx, request.body, request.ip, request.principal),
  );

  app.get(
    '/api/mail/dev/messages',
    {
      schema: {
        tags: ['mail'],
        summary: 'Development mailbox: every e-mail sent (local runs only)',
        description:
          'Dev mailbox: every mail sent, newest first. Development (and tests) only, and only to requests from this machine (loopback): reset and welcome links must never be readable from the network.',
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 320 })) }),
        response: { 200: Type.Array(MailboxMessage), 404: ErrorBody },
      },
    },
    async (request) => {
      if (!devMailboxServes(ctx.config.NODE_ENV, request.ip)) throw new NotFound('The dev mailbox is not available here.');
      return listMailbox(app.db, request.query.to);
    },
  );
}
