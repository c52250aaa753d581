import { NotFound, type ServiceApp } from '@cti/service-kit';
import { ContactMessage, ErrorBody, MailMessage, MailSendAnswer, MailboxMessage, MessageBody } from '@cti/contracts';
import Type from 'typebox';
import type { IdentityContext } from '../context';
import { sendContactMessage } from './contact';
import { listMailbox } from './mailbox';
import { queueMail } from './mailer';

/**
 * The mail adapter's doors: other services send through `/internal/mail/send`; the
 * contact form posts to `api/mail/contact`; the dev mailbox reads `api/mail/dev/messages`.
 */
export async function mailRoutes(app: ServiceApp, ctx: IdentityContext) {
  app.post(
    '/internal/mail/send',
    { preHandler: app.requireService, schema: { hide: true, body: MailMessage, response: { 200: MailSendAnswer, 403: ErrorBody } } },
    async (request) => {
      const id = await app.inTransaction((trx) => queueMail(trx, request.body));
      ctx.mailer.kick();
      return { id, status: 'queued' };
    },
  );

  app.post(
    '/api/mail/contact',
    { schema: { tags: ['mail'], body: ContactMessage, response: { 200: MessageBody, 400: ErrorBody, 429: ErrorBody, 502: ErrorBody } } },
    async (request) => sendContactMessage(app, ctx, request.body, request.ip, request.principal),
  );

  app.get(
    '/api/mail/dev/messages',
    {
      schema: {
        tags: ['mail'],
        description: 'Dev mailbox: every mail sent, newest first. Not available in production.',
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 320 })) }),
        response: { 200: Type.Array(MailboxMessage), 404: ErrorBody },
      },
    },
    async (request) => {
      if (ctx.config.NODE_ENV === 'production') throw new NotFound('The dev mailbox is not available in production.');
      return listMailbox(app, request.query.to);
    },
  );
}
