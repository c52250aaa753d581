import sendgridClient from '@sendgrid/client';
import sendgridMail from '@sendgrid/mail';

// The SDK's classes are CommonJS properties its type declarations only expose as `export =` instances.
const { MailService } = sendgridMail as unknown as { MailService: new () => typeof sendgridMail };
const { Client } = sendgridClient as unknown as { Client: new () => typeof sendgridClient };

/** A mail as the transport sends it. */
export interface OutgoingMail {
  to: string[];
  cc: string[];
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
}

/** The mail port: SendGrid in production, the dev mailbox elsewhere. */
export interface MailTransport {
  readonly name: 'sendgrid' | 'mailbox';
  deliver(mail: OutgoingMail): Promise<void>;
}

/**
 * Development and test: the mail stays in the mail_messages table, which the dev
 * mailbox (`/dev/mail`) lists. Delivering is marking it sent.
 */
export const mailboxTransport: MailTransport = {
  name: 'mailbox',
  async deliver() {
    // the stored row is the delivered mail
  },
};

export interface SendGridSettings {
  apiKey: string;
  /** https://api.sendgrid.com, or a local endpoint in tests. */
  apiUrl: string;
  from: string;
  timeoutMs?: number;
}

/** SendGrid's v3 mail send through its own SDK. */
export function sendgridTransport(settings: SendGridSettings): MailTransport {
  const client = new Client();
  client.setApiKey(settings.apiKey);
  // setApiKey resets the base URL to SendGrid's; set ours after it
  client.setDefaultRequest('baseUrl', settings.apiUrl.replace(/\/$/, ''));
  const service = new MailService();
  service.setClient(client);
  service.setTimeout(settings.timeoutMs ?? 15_000);
  return {
    name: 'sendgrid',
    async deliver(mail) {
      await service.send({
        from: settings.from,
        to: mail.to,
        ...(mail.cc.length ? { cc: mail.cc } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        html: mail.html,
        text: mail.text || ' ',
      });
    },
  };
}

/** What a failed delivery says, without secrets (SendGrid errors carry the response body). */
export function describeDeliveryError(err: unknown): string {
  const e = err as { code?: number; message?: string; response?: { body?: unknown } };
  const body = e.response?.body ? ` ${JSON.stringify(e.response.body).slice(0, 500)}` : '';
  return `${e.code ? `${e.code} ` : ''}${e.message ?? String(err)}${body}`.slice(0, 1000);
}

/** SendGrid in production (or when asked for), the dev mailbox otherwise. */
export function mailTransportFor(config: {
  MAIL_TRANSPORT: 'sendgrid' | 'mailbox' | '';
  NODE_ENV: string;
  SENDGRID_API_KEY: string;
  SENDGRID_API_URL: string;
  MAIL_FROM: string;
}): MailTransport {
  const kind = config.MAIL_TRANSPORT || (config.NODE_ENV === 'production' ? 'sendgrid' : 'mailbox');
  if (kind === 'mailbox') return mailboxTransport;
  if (!config.SENDGRID_API_KEY) throw new Error('Configuration error: SENDGRID_API_KEY is required when mail goes through SendGrid');
  return sendgridTransport({ apiKey: config.SENDGRID_API_KEY, apiUrl: config.SENDGRID_API_URL, from: config.MAIL_FROM });
}
