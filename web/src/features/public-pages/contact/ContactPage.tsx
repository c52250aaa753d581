import { useState, type FormEvent } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';

import { useAppSelector } from '../../../app/hooks';
import { Button, TextAreaField, TextField } from '../../../components/form/fields';
import { PageHeader } from '../../../components/layout/PageHeader';
import { useToast } from '../../../components/toast/use-toast';
import { answerText, statusOf } from '../../../lib/api-error';
import { selectUser } from '../../auth/auth-slice';
import { useDocumentTitle } from '../use-document-title';

import { useSendContactMessageMutation } from './contact-api';
import { contactTitle, ContactTexts, isContactType, MESSAGE_MAX_LENGTH, type ContactType } from './contact-messages';
import '../public-pages.css';

type Status = 'idle' | 'sending' | 'sent';

interface Fields {
  firstname: string;
  lastname: string;
  email: string;
  group: string;
  message: string;
}

const LEADS: Record<ContactType, string> = {
  compliance:
    'Tell the working group about a development that bears on how a contracting state applies the Cape Town Convention and its Aircraft Protocol. Reports inform watchlist notices and the next update of the Index.',
  technical: 'Problems signing in, paying, downloading or using the platform: describe what you did and what happened.',
  general: 'Questions about the Index, access, subscriptions or the working group.',
  comments: 'Comments on the Index, its methodology or a scorecard.',
};

/** Remaining-character counts at which screen readers are told how much room is left. */
const ANNOUNCE_AT = [100, 50, 20, 0];

function ComplianceGuidance() {
  return (
    <section className="notice contact-guidance" aria-labelledby="guidance-title">
      <h2 id="guidance-title">What to include in a compliance report</h2>
      <ul>
        <li>The state concerned and the court, registry authority, customs or insolvency administrator involved.</li>
        <li>
          What happened and which part of the treaty it touches: an IDERA not honoured, de-registration or export refused or delayed, the
          Alternative A waiting period not observed, speedy relief refused or delayed, a non-consensual lien or detention asserted against
          the aircraft, or a court decision applying or departing from the treaty.
        </li>
        <li>The aircraft objects concerned (type, and serial numbers if they are public) and the dates, in order.</li>
        <li>Where the matter stands now, and whether it is resolved.</li>
        <li>Public sources, such as a judgment, a registry record or a notice, that the working group can check.</li>
      </ul>
      <p>Do not send confidential or privileged information. The working group may contact you to follow up.</p>
    </section>
  );
}

/**
 * /contact/{type}: the contact form. E-mail and group come prefilled from the signed-in
 * user; every field is required; the message holds at most 500 characters; submit is
 * disabled while sending and after sending, and enabled again after a failure.
 */
export default function ContactPage() {
  const { type } = useParams();
  const user = useAppSelector(selectUser);
  const valid = isContactType(type);
  useDocumentTitle(valid ? contactTitle(type) : 'Contact');
  if (!valid) return <Navigate to="/404" replace />;
  // the compliance report is hidden from users who must still agree to the terms
  if (type === 'compliance' && user?.MustAgreeCTC && !user.IsAdmin) return <Navigate to="/agree" replace />;
  return <ContactForm key={type} type={type} />;
}

function ContactForm({ type }: { type: ContactType }) {
  const user = useAppSelector(selectUser);
  // a page of the app may start the message (a questionnaire's "Reopen request")
  const [search] = useSearchParams();
  const toast = useToast();
  const [send] = useSendContactMessageMutation();
  const [status, setStatus] = useState<Status>('idle');
  const [missing, setMissing] = useState<ReadonlySet<keyof Fields>>(new Set());
  const [fields, setFields] = useState<Fields>(() => ({
    firstname: user?.FirstName ?? '',
    lastname: user?.LastName ?? '',
    email: user?.Username ?? '',
    group: user?.Groups.map((g) => g.Name).join(', ') ?? '',
    message: (search.get('message') ?? '').slice(0, MESSAGE_MAX_LENGTH),
  }));

  const set = (name: keyof Fields) => (e: { target: { value: string } }) => {
    const value = name === 'message' ? e.target.value.slice(0, MESSAGE_MAX_LENGTH) : e.target.value;
    setFields((f) => ({ ...f, [name]: value }));
    if (missing.has(name) && value.trim()) setMissing((m) => new Set([...m].filter((k) => k !== name)));
  };
  const remaining = MESSAGE_MAX_LENGTH - fields.message.length;
  const announced = ANNOUNCE_AT.find((n) => remaining <= n && remaining > n - 10) ?? null;
  const requiredError = (name: keyof Fields) => (missing.has(name) ? 'Required' : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status !== 'idle') return;
    const empty = (Object.keys(fields) as Array<keyof Fields>).filter((k) => !fields[k].trim());
    if (empty.length) {
      setMissing(new Set(empty));
      toast.danger(ContactTexts.missingFields);
      document.getElementById(`contact-${empty[0]}`)?.focus();
      return;
    }
    setStatus('sending');
    const result = await send({
      firstname: fields.firstname.trim(),
      lastname: fields.lastname.trim(),
      email: fields.email.trim(),
      group: fields.group.trim(),
      message: fields.message.trim(),
      category: type,
    });
    if ('error' in result) {
      setStatus('idle');
      // a rejected field or a rate limit has its own answer; anything else is the spec's failure text
      const status = statusOf(result.error);
      const answer = answerText(result.error);
      toast.danger((status === 400 || status === 429) && answer ? answer : ContactTexts.failed, 6000);
      return;
    }
    setStatus('sent');
    toast.success(ContactTexts.sent, 6000);
  };

  const title = contactTitle(type);
  return (
    <section aria-labelledby="contact-title" className="contact-page">
      <PageHeader titleId="contact-title" eyebrow="Contact" title={title} lead={LEADS[type]} />
      <div className="contact-layout">
        <form className="card contact-form" onSubmit={submit} noValidate aria-labelledby="contact-title">
          <p className="muted small">All fields are required.</p>
          <div className="form-grid">
            <TextField
              id="contact-firstname"
              label="First name"
              autoComplete="given-name"
              required
              value={fields.firstname}
              onChange={set('firstname')}
              error={requiredError('firstname')}
            />
            <TextField
              id="contact-lastname"
              label="Last name"
              autoComplete="family-name"
              required
              value={fields.lastname}
              onChange={set('lastname')}
              error={requiredError('lastname')}
            />
            <TextField
              id="contact-email"
              label="E-mail"
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={set('email')}
              error={requiredError('email')}
            />
            <TextField
              id="contact-group"
              label="Organization/Group"
              autoComplete="organization"
              required
              value={fields.group}
              onChange={set('group')}
              error={requiredError('group')}
            />
          </div>
          <TextAreaField
            id="contact-message"
            label="Message"
            required
            rows={7}
            maxLength={MESSAGE_MAX_LENGTH}
            value={fields.message}
            onChange={set('message')}
            error={requiredError('message')}
            hint={
              <span className={remaining <= 20 ? 'counter counter-low' : 'counter'}>
                {fields.message.length}/{MESSAGE_MAX_LENGTH} characters
              </span>
            }
          />
          <p className="visually-hidden" aria-live="polite">
            {announced !== null ? `${remaining} characters left` : ''}
          </p>
          <div className="form-actions">
            <Button type="submit" busy={status === 'sending'} disabled={status === 'sent'}>
              {status === 'sending' ? 'Sending…' : status === 'sent' ? 'Sent' : 'Submit'}
            </Button>
            {status === 'sent' && (
              <p className="contact-sent" role="status">
                {ContactTexts.sent}
              </p>
            )}
          </div>
        </form>
        <aside className="contact-aside" aria-label="About this form">
          {type === 'compliance' ? (
            <ComplianceGuidance />
          ) : (
            <div className="notice">
              <h2>Other ways to find an answer</h2>
              <ul>
                <li>
                  <Link to="/about/faq">Frequently asked questions</Link>
                </li>
                <li>
                  <Link to="/about/methodology">How scores are computed</Link>
                </li>
                <li>
                  <Link to="/useTheIndex">Using the Index e-platform</Link>
                </li>
              </ul>
            </div>
          )}
        </aside>
      </div>
    </section>
  );
}
