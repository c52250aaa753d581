const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes user text for an HTML mail body. */
export const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => entities[c]);

/** Plain text typed by a person, as HTML paragraphs (escaped, line breaks kept). */
export const textToHtml = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

interface Layout {
  subject: string;
  greeting?: string;
  /** Paragraphs of plain text (escaped here). */
  paragraphs: string[];
  action?: { href: string; label: string };
  /** Extra HTML, already escaped. */
  extraHtml?: string;
  extraText?: string;
}

/** The one layout of every mail the platform sends: greeting, text, a button, the same link as text. */
export function renderMail(layout: Layout): MailContent {
  const parts = [
    layout.greeting ? `<p>${escapeHtml(layout.greeting)}</p>` : '',
    ...layout.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    layout.extraHtml ?? '',
    layout.action
      ? `<p><a href="${escapeHtml(layout.action.href)}" style="display:inline-block;padding:10px 18px;background:#0b3d91;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(layout.action.label)}</a></p>` +
        `<p style="font-size:12px;color:#555">If the button does not work, open this link: <a href="${escapeHtml(layout.action.href)}">${escapeHtml(layout.action.href)}</a></p>`
      : '',
    '<p style="font-size:12px;color:#555">Cape Town Convention Compliance Index, Aviation Working Group</p>',
  ];
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1a1a1a">${parts.filter(Boolean).join('\n')}</body></html>`;
  const text = [
    layout.greeting ?? '',
    ...layout.paragraphs,
    layout.extraText ?? '',
    layout.action ? `${layout.action.label}: ${layout.action.href}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject: layout.subject, html, text };
}

export const MailTemplates = {
  freeAccessConfirmation: (name: string, link: string) =>
    renderMail({
      subject: 'Confirm your e-mail for free access to the Compliance Index',
      greeting: `Hello ${name},`,
      paragraphs: [
        "Thank you for agreeing to the 'Terms and Conditions' of the Cape Town Convention Compliance Index.",
        'Confirm your e-mail address to open the Compliance Index. The link works once and expires in 24 hours.',
      ],
      action: { href: link, label: 'Confirm e-mail and open the Index' },
    }),
  /** A confirmed free user asked for access from a browser that holds no proof of it: a one-time sign-in link. */
  freeAccessSignIn: (name: string, link: string, ttlHours: number) =>
    renderMail({
      subject: 'Your sign-in link to the Compliance Index',
      greeting: `Hello ${name},`,
      paragraphs: [
        'Someone asked for free access to the Cape Town Convention Compliance Index with your e-mail address, from a browser we do not know yet. If it was you, open the Index with the link below.',
        `The link works once and expires in ${ttlHours} hours. If you did not ask for it, ignore this e-mail: nobody gets into your account without it.`,
      ],
      action: { href: link, label: 'Sign in to the Compliance Index' },
    }),
  resetPassword: (name: string, link: string, ttlMinutes: number) =>
    renderMail({
      subject: 'Reset your Compliance Index password',
      greeting: `Hello ${name},`,
      paragraphs: [
        'Someone asked to reset the password of your Compliance Index account. If it was you, use the link below to choose a new password.',
        `The link works once and expires in ${ttlMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
      ],
      action: { href: link, label: 'Reset password' },
    }),
  unlockSignIn: (name: string, link: string, lock: { scope: 'account' | 'address'; address: string; failures: number; ttlHours: number }) =>
    renderMail({
      subject: 'Sign-ins to your Compliance Index account were paused',
      greeting: `Hello ${name},`,
      paragraphs: [
        lock.scope === 'account'
          ? `There were ${lock.failures} failed attempts to sign in to your account in the last hour, from several networks. Sign-ins from networks you have not used before are paused for an hour; where you signed in before, you can still sign in.`
          : `There were ${lock.failures} failed attempts to sign in to your account from the network address ${lock.address} in the last hour. Sign-ins to your account from that address are paused for an hour; from anywhere else you can still sign in.`,
        `If that was you, open the link below from the network you want to sign in from: it unlocks sign-ins there. The link works once and expires in ${lock.ttlHours} hours.`,
        'If it was not you, your password held. If you think someone may know it, choose a new one with Forgot password.',
      ],
      action: { href: link, label: 'Unlock sign-in' },
    }),
  welcome: (name: string, link: string, ttlHours: number) =>
    renderMail({
      subject: 'Welcome to the Cape Town Convention Compliance Index',
      greeting: `Hello ${name},`,
      paragraphs: [
        'An account has been created for you on the Cape Town Convention Compliance Index.',
        `Set your password to sign in. The link works once and expires in ${ttlHours} hours; if it has expired, use the Resend welcome email button on the page it opens.`,
      ],
      action: { href: link, label: 'Set your password' },
    }),
  /** To the old address when an admin changes a user's e-mail: the owner learns of it even if it was not them. */
  emailChanged: (name: string, newEmail: string) =>
    renderMail({
      subject: 'The e-mail address of your Compliance Index account was changed',
      greeting: `Hello ${name},`,
      paragraphs: [
        `An administrator changed the e-mail address of your Cape Town Convention Compliance Index account to ${newEmail}. From now on you sign in, and receive password reset links, at that address.`,
        'If you did not expect this change, contact the Compliance Index team at once.',
      ],
    }),
  groupEmail: (groupName: string, subject: string, message: string) => {
    const content = renderMail({ subject, paragraphs: [], extraHtml: textToHtml(message), extraText: message });
    return { ...content, text: `${message}\n\nSent to the members of ${groupName}.` };
  },
  contact: (m: { firstname: string; lastname: string; email: string; group: string; message: string; category: string }) =>
    renderMail({
      subject: `${m.category === 'compliance' ? 'Report Compliance Activity' : 'Comments/Inquiries'} from ${m.firstname} ${m.lastname}`,
      paragraphs: [`From: ${m.firstname} ${m.lastname} <${m.email}>`, `Organization/group: ${m.group}`, `Category: ${m.category}`],
      extraHtml: textToHtml(m.message),
      extraText: m.message,
    }),
};
