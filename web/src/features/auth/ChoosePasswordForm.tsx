import { useState, type FormEvent } from 'react';

import { FreeAccessAnswers } from '@cti/contracts';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button, TextField } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText, statusOf } from '../../lib/api-error';

import { PasswordMessages, passwordLongEnough, resetFailureMessage } from './account-messages';
import { useChooseFreePasswordMutation } from './auth-api';
import { selectIsFree, signedIn } from './auth-slice';

export const ChoosePasswordMessages = {
  done: 'Your password is set. Sign in with your e-mail address and this password from now on.',
} as const;

/**
 * For a free user who bought something: choose a password and sign in with it from now on
 * (a credentialed account, the same purchases), or keep signing in with a link e-mailed to
 * them. The password rules and texts are those of the other password screens.
 */
export function ChoosePasswordForm({ lead }: { lead?: string }) {
  const isFree = useAppSelector(selectIsFree);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [choose, { isLoading }] = useChooseFreePasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  if (!isFree) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || !confirm || password !== confirm) return void toast.danger(PasswordMessages.mismatch);
    if (!passwordLongEnough(password)) return void toast.danger(PasswordMessages.tooShort);
    const result = await choose({ NewPassword: password });
    if ('error' in result) {
      const answer = answerText(result.error);
      toast.danger(answer === FreeAccessAnswers.passwordAlreadySet ? answer : resetFailureMessage(answer, statusOf(result.error)));
      return;
    }
    dispatch(signedIn({ session: result.data, isFree: false }));
    toast.success(ChoosePasswordMessages.done, 6000);
  };

  return (
    <section className="card stack choose-password" aria-labelledby="choose-password-title">
      <h2 id="choose-password-title">Choose a password</h2>
      <p className="muted">
        {lead ??
          'You bought access with your e-mail address. Choose a password to sign in with it from now on, or keep signing in with a link we e-mail you each time.'}
      </p>
      <form onSubmit={submit} noValidate className="stack">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={isLoading}>
            Set password
          </Button>
        </div>
      </form>
    </section>
  );
}
