import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { Button, TextField } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText, statusOf } from '../../lib/api-error';

import { PASSWORD_HINT, PasswordMessages, passwordLongEnough, resetFailureMessage } from './account-messages';
import { useResetPasswordMutation } from './auth-api';

/** /resetPassword/{code}: e-mail, new password and its confirmation. */
export default function ResetPasswordPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return void toast.danger(PasswordMessages.enterEmail);
    if (!password || !confirm || password !== confirm) return void toast.danger(PasswordMessages.mismatch);
    if (!passwordLongEnough(password)) return void toast.danger(PasswordMessages.tooShort);
    const result = await reset({ Code: code, Email: email.trim(), NewPassword: password });
    if ('error' in result) {
      toast.danger(resetFailureMessage(answerText(result.error), statusOf(result.error)));
      return;
    }
    toast.success(PasswordMessages.resetDone);
    void navigate('/login', { replace: true });
  };

  return (
    <section className="card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset password</h1>
      <form onSubmit={submit} noValidate>
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={isLoading}>
            Reset password
          </Button>
          <Link to="/forgotPassword">Ask for a new link</Link>
        </div>
      </form>
    </section>
  );
}
