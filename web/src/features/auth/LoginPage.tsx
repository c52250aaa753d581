import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FreeAccessAnswers } from '@cti/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button, CheckboxField, TextField } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText, statusOf } from '../../lib/api-error';
import { FreeAccessMessages } from './account-messages';
import { isSession, useFreeAccessMutation, useLoginMutation } from './auth-api';
import { selectUser, signedIn } from './auth-slice';
import { landingPathFor } from './landing';
import { loginFailureMessage, LoginMessages } from './login-messages';
import { PrivacyPolicyLink } from '../public-pages/privacy/PrivacyPolicyModal';
import { useHashScroll } from '../public-pages/use-hash-scroll';
import './auth.css';

/** Said to a visitor sent here from a members' page; they return there after signing in. */
export const LOGIN_REQUIRED_NOTICE = 'Sign in or get free access to see the Compliance Index.';

/** What the visitor is told for a free-access answer other than success (accounts §8). */
export function freeAccessFailureMessage(answer: string | undefined): string {
  if (answer === FreeAccessAnswers.userExists) return FreeAccessMessages.userExists;
  if (answer === FreeAccessAnswers.invalidUsername) return FreeAccessMessages.invalidUsername;
  if (answer === FreeAccessAnswers.missingFields) return FreeAccessMessages.missingFields;
  return FreeAccessMessages.grantFailed;
}

/** Free access (accounts §4/§5): name, company, e-mail and the terms; Enter submits only when ticked. */
function FreeAccessForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [freeAccess, { isLoading }] = useFreeAccessMutation();
  const [name, setName] = useState('');
  const [company, setCompany] = useState('');
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) return;
    if (!name.trim() || !company.trim() || !email.trim()) {
      toast.danger(FreeAccessMessages.missingFields);
      return;
    }
    const result = await freeAccess({ Email: email.trim(), Name: name.trim(), Company: company.trim() });
    if ('error' in result) {
      toast.danger(freeAccessFailureMessage(answerText(result.error)));
      return;
    }
    if (isSession(result.data)) {
      dispatch(signedIn({ session: result.data, isFree: true }));
      toast.success(FreeAccessMessages.granted);
      navigate(landingPathFor(result.data, (location.state as { from?: string } | null)?.from), { replace: true });
      return;
    }
    navigate(`/confirmEmail/${encodeURIComponent(email.trim())}`, { state: { sent: true } });
  };

  return (
    <section className="card login-card" id="free-access" aria-labelledby="free-title">
      <h2 id="free-title">Free access</h2>
      <p className="muted">Read the public Compliance Index and Enforceability Index after telling us who you are.</p>
      <form onSubmit={submit} noValidate>
        <TextField label="Name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          value={company}
          onChange={(e) => setCompany(e.target.value)}
        />
        <TextField
          label="E-mail address"
          type="email"
          name="free-email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <CheckboxField
          label={
            <>
              I agree to the{' '}
              <Link to="/about/terms" target="_blank" rel="noopener">
                Terms and Conditions
              </Link>
            </>
          }
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
        />
        <p className="small muted">
          We use these details to give you access and to write to you about it; see the <PrivacyPolicyLink />.
        </p>
        <div className="form-actions">
          <Button type="submit" disabled={!agreed} busy={isLoading}>
            Gain free access
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Credentialed sign-in with the login answers of accounts §8. */
function CredentialedLoginForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast.danger(LoginMessages.missingFields);
      return;
    }
    const result = await login({ Email: email.trim(), Password: password });
    if ('error' in result) {
      toast.danger(loginFailureMessage(statusOf(result.error) ?? 'FETCH_ERROR', answerText(result.error)));
      return;
    }
    dispatch(signedIn({ session: result.data, isFree: false }));
    toast.success(LoginMessages.success);
    navigate(landingPathFor(result.data, (location.state as { from?: string } | null)?.from), { replace: true });
  };

  return (
    <section className="card login-card" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <p className="muted">Members, subscribers, country respondents and administrators sign in with their e-mail address.</p>
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
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" busy={isLoading}>
            Login
          </Button>
          <Link to="/forgotPassword">Forgot password?</Link>
        </div>
      </form>
    </section>
  );
}

/** /login: credentialed sign-in and free access side by side; a signed-in user goes on to the index. */
export default function LoginPage() {
  const user = useAppSelector(selectUser);
  const from = (useLocation().state as { from?: string } | null)?.from;
  useHashScroll();
  if (user) return <Navigate to={landingPathFor(user, from)} replace />;
  return (
    <div className="login-page">
      {from && (
        <p className="notice notice-info login-notice" role="status">
          {LOGIN_REQUIRED_NOTICE}
        </p>
      )}
      <CredentialedLoginForm />
      <FreeAccessForm />
    </div>
  );
}
