import type { MailMessage, MailSendAnswer } from '@cti/contracts';
import { callService, DomainError } from '@cti/service-kit';

/** What an internal call to another service needs: the service's Fastify instance (its config and token). */
export type ServiceCaller = Parameters<typeof callService>[0];

/** The mail port refused the mail itself (a bad address): sending it again will not help. */
export class MailRefused extends Error {
  override name = 'MailRefused';
}

/** Hands a mail to the mail port; throws MailRefused when refused, anything else when it may work later. */
export type MailPort = (message: MailMessage) => Promise<MailSendAnswer>;

/** identity's mail port (`/internal/mail/send`: SendGrid in production, the dev mailbox otherwise). */
export function identityMailPort(app: ServiceCaller): MailPort {
  return async (message) => {
    try {
      return await callService<MailSendAnswer>(app, 'identity', '/internal/mail/send', { body: message, timeoutMs: 15_000 });
    } catch (err) {
      // the message itself was refused (a wrong address); a missing token or an outage is retried
      if (err instanceof DomainError && (err.statusCode === 400 || err.statusCode === 422)) throw new MailRefused(err.message);
      throw err;
    }
  };
}
