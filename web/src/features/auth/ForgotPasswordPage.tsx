import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { PasswordAnswers } from '@cti/contracts';

import { Button, TextField } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText, statusOf } from '../../lib/api-error';

import { PasswordMessages } from './account-messages';
import { useForgotPasswordMutation } from './auth-api';

/** /forgotPassword: ask for a reset link by e-mail (the answer never tells whether the account exists). */
export default function ForgotPasswordPage() {
  const toast = useToast();
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      toast.danger(PasswordMessages.enterEmail);
      return;
    }
    const result = await forgot(email.trim());
    if ('error' in result) {
      const answer = answerText(result.error);
      if (answer === PasswordAnswers.invalidUsername) toast.danger(PasswordMessages.invalidUsername);
      else toast.danger(statusOf(result.error) === 429 && answer ? answer : PasswordMessages.otherAnswer);
      return;
    }
    setSent(true);
    toast.success(PasswordMessages.resetLinkSent);
  };

  return (
    <section className="card narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot password</h1>
      <p>Enter the e-mail address you sign in with. If it belongs to an account, we send it a link to choose a new password.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={isLoading}>
            Send reset link
          </Button>
          <Link to="/login">Back to login</Link>
        </div>
      </form>
      {sent && (
        <p className="notice notice-success" role="status">
          {PasswordMessages.resetLinkSent}
        </p>
      )}
    </section>
  );
}
