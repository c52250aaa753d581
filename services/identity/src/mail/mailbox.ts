import type { MailboxMessage } from '@cti/contracts';

import type { IdentityExecutor } from '../db';

import { latestMails } from './repository';

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _m);

/** Every `<a href>` of a mail body with its text, in order, without repeats. */
export function linksOf(html: string): Array<{ Href: string; Text: string }> {
  const seen = new Set<string>();
  const links: Array<{ Href: string; Text: string }> = [];
  for (const match of html.matchAll(/<a\s[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    const href = decode(match[1]);
    if (seen.has(href) || !/^https?:\/\//i.test(href)) continue;
    seen.add(href);
    links.push({ Href: href, Text: decode(match[2].replace(/<[^>]+>/g, '').trim()) || href });
  }
  return links;
}

/** The dev mailbox: the latest 200 mails, newest first, optionally for one address. */
export async function listMailbox(db: IdentityExecutor, to?: string): Promise<MailboxMessage[]> {
  const rows = await latestMails(db, to?.trim() ? to.trim().toLowerCase() : undefined);
  return rows.map((r) => ({
    Id: r.id,
    Kind: r.kind,
    To: r.toAddresses,
    Cc: r.ccAddresses,
    Subject: r.subject,
    Html: r.html,
    Text: r.text,
    Links: linksOf(r.html),
    Status: r.status,
    CreatedAt: new Date(String(r.createdAt)).toISOString(),
    SentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
  }));
}
