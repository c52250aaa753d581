import { useEffect, useState, type FormEvent } from 'react';

import { roleLabel } from '@cti/access';

import { useAppDispatch, useAppSelector, usePrincipal } from '../../../app/hooks';
import { Button, Spinner, TextField } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { answerText } from '../../../lib/api-error';
import { formatDate } from '../../../lib/dates';
import { ApiKeysSection } from '../../api-keys/ApiKeysSection';
import { PASSWORD_HINT, PasswordMessages, passwordLongEnough, passwordRefusalMessage } from '../../auth/account-messages';
import { profileChanged, selectIsFree, selectUser } from '../../auth/auth-slice';
import { ChoosePasswordForm } from '../../auth/ChoosePasswordForm';
import { AccountSubscriptions } from '../../commerce/AccountSubscriptions';
import { FollowingList } from '../../notifications/components/FollowingList';
import { useUpdateAccountMutation, useUserQuery } from '../accounts-api';
import { AccountMessages } from '../messages';
import '../accounts.css';

/**
 * First and last name, and optionally a new password (`POST api/user/account`).
 * A new password needs the current one, and signs out the user's other sessions.
 */
function ProfileForm({ userId, firstName, lastName }: { userId: string; firstName: string; lastName: string }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [update, { isLoading }] = useUpdateAccountMutation();
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  useEffect(() => {
    setFirst(firstName);
    setLast(lastName);
  }, [firstName, lastName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!first.trim() || !last.trim()) return void toast.danger(AccountMessages.missingName);
    if (password || confirm) {
      if (password !== confirm) return void toast.danger(AccountMessages.mismatch);
      if (!passwordLongEnough(password)) return void toast.danger(PasswordMessages.tooShort);
      if (!current) return void toast.danger(AccountMessages.currentPasswordMissing);
    }
    const result = await update({
      user: { Id: userId, FirstName: first.trim(), LastName: last.trim() },
      newPassword: password || null,
      currentPassword: password ? current : null,
    });
    if ('error' in result) {
      const answer = answerText(result.error);
      return void toast.danger(passwordRefusalMessage(answer) ?? answer ?? 'An error occured. Please try again later.');
    }
    dispatch(profileChanged({ FirstName: first.trim(), LastName: last.trim() }));
    setCurrent('');
    setPassword('');
    setConfirm('');
    toast.success(result.data.message);
  };

  return (
    <form onSubmit={submit} noValidate className="section" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <div className="form-grid">
        <TextField label="First name" autoComplete="given-name" value={first} onChange={(e) => setFirst(e.target.value)} />
        <TextField label="Last name" autoComplete="family-name" value={last} onChange={(e) => setLast(e.target.value)} />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Needed to choose a new password."
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`Optional. ${PASSWORD_HINT} Your other sessions are signed out.`}
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
      </div>
      <div className="form-actions">
        <Button type="submit" busy={isLoading}>
          Save
        </Button>
      </div>
    </form>
  );
}

/**
 * /user/account and /account: My account. The profile form; the roles the
 * user holds and those that expired (an expired carbon-calculator access gets a notice).
 * Sections below the profile belong to other areas (subscriptions).
 */
export default function MyAccountPage() {
  const me = useAppSelector(selectUser);
  const isFree = useAppSelector(selectIsFree);
  const principal = usePrincipal();
  const { data: user, isLoading } = useUserQuery(me?.Id ?? '', { skip: !me || isFree });

  if (isFree) {
    // a free user's account is their plan: what they bought, receipts, and a password to choose if they want one
    return (
      <section aria-labelledby="account-title" className="stack">
        <div className="page-header">
          <h1 id="account-title">My account</h1>
        </div>
        <p className="muted">
          {me?.Username} · {AccountMessages.freeUser}
        </p>
        <ChoosePasswordForm />
        <AccountSubscriptions />
      </section>
    );
  }
  if (isLoading || !user) return <Spinner />;
  const accExpired = user.ExpiredRoles.find((r) => r.Name === 'ACCFullAccess');
  return (
    <section aria-labelledby="account-title" className="stack">
      <div className="page-header">
        <h1 id="account-title">My account</h1>
      </div>
      <p className="muted">
        {user.Email}
        {user.Organization ? ` · ${user.Organization}` : ''}
      </p>
      {accExpired && !user.Roles.some((r) => r.Name === 'ACCFullAccess') && (
        <p className="notice notice-warning" role="status">
          Your Carbon Calculator access expired on {formatDate(accExpired.ExpiresOn)}.
        </p>
      )}
      <ProfileForm userId={user.Id} firstName={user.FirstName} lastName={user.LastName} />
      <section className="section" aria-labelledby="roles-title">
        <h2 id="roles-title">Access</h2>
        <p>Roles: {user.Roles.length ? user.Roles.map((r) => roleLabel(r.Id)).join(', ') : 'none'}</p>
        {user.GroupNames && <p>Groups: {user.GroupNames}</p>}
        {user.Expires && <p>Your account expires on {formatDate(user.Expires)}.</p>}
        {user.ExpiredRoles.length > 0 && (
          <>
            <h3>Expired roles</h3>
            <ul>
              {user.ExpiredRoles.map((r) => (
                <li key={r.Id}>
                  {roleLabel(r.Id)}, expired on {formatDate(r.ExpiresOn)}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <FollowingList />
      <AccountSubscriptions />
      <ApiKeysSection principal={principal} />
    </section>
  );
}
