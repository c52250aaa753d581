import type { DeliveryMode } from '../db';
import { unsubscribeToken } from '../unsubscribe/tokens';

/** One alert as an e-mail shows it. */
export interface MailAlert {
  line: string;
  groupId: string | null;
  groupName: string | null;
  /** Path in the web app. */
  link: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailContext {
  userId: string;
  mode: DeliveryMode;
  publicUrl: string;
  tokenKey: string;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * An alert e-mail: each alert's one line with a link to read more, a one-click link per
 * country to stop its alerts, one to stop alert e-mails, and one to the alert settings.
 * The links carry signed single-purpose tokens and work without signing in.
 */
export function renderAlertMail(alerts: readonly MailAlert[], ctx: MailContext): RenderedMail {
  const base = ctx.publicUrl.replace(/\/$/, '');
  const url = (path: string) => `${base}${path}`;
  const countries = [...new Map(alerts.filter((a) => a.groupId).map((a) => [a.groupId!, a.groupName ?? 'this country'])).entries()];
  const subject =
    ctx.mode === 'immediate'
      ? alerts.length === 1
        ? clip(alerts[0].line, 150)
        : `${alerts.length} Compliance Index alerts`
      : `Your ${ctx.mode} Compliance Index digest: ${alerts.length} alert${alerts.length === 1 ? '' : 's'}`;
  const linkText = (a: MailAlert) => (a.link.startsWith('/index/') ? `Open ${a.groupName ?? 'the'} scorecard` : 'Open the documents');
  const stopCountry = countries.map(([groupId, name]) => ({
    name,
    href: url(`/notifications/unsubscribe/${unsubscribeToken(ctx.tokenKey, { scope: 'country', userId: ctx.userId, groupId })}`),
  }));
  const stopEmail = url(`/notifications/unsubscribe/${unsubscribeToken(ctx.tokenKey, { scope: 'email', userId: ctx.userId })}`);
  const settings = url('/notifications');

  const items = alerts
    .map((a) => `<li style="margin-bottom:12px">${escape(a.line)}<br><a href="${escape(url(a.link))}">${escape(linkText(a))}</a></li>`)
    .join('');
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1b2733">',
    `<p>${ctx.mode === 'immediate' ? 'A country you follow on the Compliance Index changed:' : `What changed on the Compliance Index for the countries you follow:`}</p>`,
    `<ul>${items}</ul>`,
    '<hr><p style="font-size:13px;color:#5b6770">',
    ...stopCountry.map((s) => `<a href="${escape(s.href)}">Stop alerts about ${escape(s.name)}</a><br>`),
    `<a href="${escape(stopEmail)}">Turn off alert e-mails</a> (alerts still show in the app)<br>`,
    `<a href="${escape(settings)}">Manage your alerts</a>`,
    '</p></body></html>',
  ].join('');
  const text = [
    ctx.mode === 'immediate'
      ? 'A country you follow on the Compliance Index changed:'
      : 'What changed on the Compliance Index for the countries you follow:',
    '',
    ...alerts.flatMap((a) => [`- ${a.line}`, `  ${url(a.link)}`]),
    '',
    ...stopCountry.map((s) => `Stop alerts about ${s.name}: ${s.href}`),
    `Turn off alert e-mails: ${stopEmail}`,
    `Manage your alerts: ${settings}`,
  ].join('\n');
  return { subject, html, text };
}
