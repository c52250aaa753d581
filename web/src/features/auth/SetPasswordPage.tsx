import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';

import { PasswordAnswers } from '@cti/contracts';

import { Button, TextField } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';

import { PASSWORD_HINT, PasswordMessages, passwordLongEnough, WELCOME_NOTICE_MS } from './account-messages';
import { useSendWelcomeMutation, useSetPasswordNewUserMutation, useUserByWelcomeTokenQuery } from './auth-api';

/** The toast for a password-setup answer other than Success. */
export function setupFailureMessage(answer: string | undefined): string {
  if (answer === PasswordAnswers.invalidToken) return PasswordMessages.setupTokenExpired;
  if (answer === PasswordAnswers.tooShort) return PasswordMessages.setupTooShort;
  if (answer === PasswordAnswers.tooCommon) return PasswordMessages.tooCommon;
  if (answer === PasswordMessages.setupMissingFields) return PasswordMessages.setupMissingFields;
  return PasswordMessages.setupFailed;
}

/**
 * /user/setPassword/{id}/{token}: a new user completes their name and
 * organisation and chooses a password; an expired token reveals Resend welcome email.
 * Success goes to the login chooser.
 */
export default function SetPasswordPage() {
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { data: user, isError: tokenRefused } = useUserByWelcomeTokenQuery({ id, token });
  const [setPassword, { isLoading }] = useSetPasswordNewUserMutation();
  const [sendWelcome, { isLoading: sending }] = useSendWelcomeMutation();
  const [fields, setFields] = useState({ FirstName: '', LastName: '', OrganizationName: '', OrganizationAddress: '' });
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [expired, setExpired] = useState(false);

  // the prefill never overwrites what the user typed before it arrived
  useEffect(() => {
    if (!user) return;
    setFields((f) => ({
      FirstName: f.FirstName || user.FirstName,
      LastName: f.LastName || user.LastName,
      OrganizationName: f.OrganizationName || user.Organization,
      OrganizationAddress: f.OrganizationAddress || user.OrganizationAddress,
    }));
  }, [user]);
  // the prefill is refused once the token is spent or expired
  useEffect(() => setExpired((e) => e || tokenRefused), [tokenRefused]);

  const field = (name: keyof typeof fields) => ({
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(fields).some((v) => !v.trim()) || !password || !confirm)
      return void toast.danger(PasswordMessages.setupMissingFields);
    if (password !== confirm) return void toast.danger(PasswordMessages.setupMismatch);
    if (!passwordLongEnough(password)) return void toast.danger(PasswordMessages.tooShort);
    const result = await setPassword({ user: { Id: id, ...fields }, password, token });
    if ('error' in result) {
      const answer = answerText(result.error);
      if (answer === PasswordAnswers.invalidToken) setExpired(true);
      toast.danger(setupFailureMessage(answer));
      return;
    }
    toast.success(PasswordMessages.setupDone);
    void navigate(`/user/flow${user ? `?email=${encodeURIComponent(user.Email)}` : ''}`, { replace: true });
  };

  const resend = async () => {
    // the link's own token is what allows asking for a new one
    const result = await sendWelcome({ userId: id, token });
    if ('error' in result) toast.danger(PasswordMessages.welcomeFailed, WELCOME_NOTICE_MS);
    else toast.success(PasswordMessages.welcomeSent, WELCOME_NOTICE_MS);
  };

  return (
    <section className="card narrow" aria-labelledby="setpw-title">
      <h1 id="setpw-title">Set your password</h1>
      <p>
        Welcome to the Cape Town Convention Compliance Index. Complete your details and choose a password to finish setting up your account.
      </p>
      {expired && (
        <div className="notice notice-warning" role="alert">
          <p>{PasswordMessages.setupTokenExpired}</p>
          <Button variant="secondary" onClick={resend} busy={sending}>
            Resend welcome email
          </Button>
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <TextField label="First name" name="first-name" autoComplete="given-name" {...field('FirstName')} />
          <TextField label="Last name" name="last-name" autoComplete="family-name" {...field('LastName')} />
          <TextField label="Organisation name" name="organization" autoComplete="organization" {...field('OrganizationName')} />
          <TextField
            label="Organisation address"
            name="organization-address"
            autoComplete="street-address"
            {...field('OrganizationAddress')}
          />
          <TextField
            label="Password"
            type="password"
            name="new-password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            value={password}
            onChange={(e) => setPasswordValue(e.target.value)}
          />
          <TextField
            label="Confirm password"
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <div className="form-actions">
          <Button type="submit" busy={isLoading}>
            Set password
          </Button>
        </div>
      </form>
    </section>
  );
}
