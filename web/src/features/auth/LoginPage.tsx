import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';

import { FreeAccessAnswers } from '@cti/contracts';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { storageBlocked } from '../../app/session-storage';
import { Button, CheckboxField, TextField } from '../../components/form/fields';
import { PrivacyPolicyLink } from '../../components/privacy/PrivacyPolicyModal';
import { useHashScroll } from '../../components/scroll/use-hash-scroll';
import { useToast } from '../../components/toast/use-toast';
import { answerText, statusOf } from '../../lib/api-error';

import { FreeAccessMessages } from './account-messages';
import { isSession, useFreeAccessMutation, useLoginMutation } from './auth-api';
import { selectUser, signedIn } from './auth-slice';
import { fromOf, landingFor } from './landing';
import { loginFailureMessage, LoginMessages } from './login-messages';
import './auth.css';

/** Said to a visitor sent here from a members' page; they return there after signing in. */
export const LOGIN_REQUIRED_NOTICE = 'Sign in or get free access to see the Compliance Index.';

/** What the visitor is told for a free-access answer other than success. */
export function freeAccessFailureMessage(answer: string | undefined): string {
  if (answer === FreeAccessAnswers.userExists) return FreeAccessMessages.userExists;
  if (answer === FreeAccessAnswers.invalidUsername) return FreeAccessMessages.invalidUsername;
  if (answer === FreeAccessAnswers.missingFields) return FreeAccessMessages.missingFields;
  return FreeAccessMessages.grantFailed;
}

/**
 * Free access: name, company, e-mail and the terms. Enter submits only
 * when the terms are ticked; unticked it says what is missing instead of doing nothing.
 */
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
  const [problem, setProblem] = useState<string | null>(null);
  // set on a refused attempt: its empty fields are marked in place until filled
  const [tried, setTried] = useState(false);
  const emptyError = (value: string, text: string) => (tried && !value.trim() ? text : undefined);

  /** The validation text for what stops the form, or null. */
  const missing = () =>
    !name.trim() || !company.trim() || !email.trim() ? FreeAccessMessages.missingFields : !agreed ? FreeAccessMessages.termsRequired : null;

  // with the button disabled, the browser drops Enter: say why instead
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || agreed || target.tagName !== 'INPUT' || (target as HTMLInputElement).type === 'checkbox') return;
    event.preventDefault();
    const text = missing();
    setProblem(text);
    setTried(true);
    if (text) toast.danger(text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = missing();
    setProblem(text);
    setTried(true);
    if (text) {
      toast.danger(text);
      const firstEmpty = (
        [
          ['free-name', name],
          ['free-company', company],
          ['free-email', email],
        ] as const
      ).find(([, value]) => !value.trim());
      if (firstEmpty) document.getElementById(firstEmpty[0])?.focus();
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
      const landing = landingFor(result.data, fromOf(location.state));
      void navigate(landing.pathname, { replace: true, state: landing.state });
      return;
    }
    void navigate(`/confirmEmail/${encodeURIComponent(email.trim())}`, { state: { sent: true } });
  };

  const tick = (checked: boolean) => {
    setAgreed(checked);
    if (checked && problem === FreeAccessMessages.termsRequired) setProblem(null);
  };

  return (
    <section className="card login-card" id="free-access" aria-labelledby="free-title">
      <h2 id="free-title">Free access</h2>
      <p className="muted">Read the public Compliance Index and Enforceability Index after telling us who you are.</p>
      <form onSubmit={submit} onKeyDown={onKeyDown} noValidate>
        <TextField
          id="free-name"
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          error={emptyError(name, FreeAccessMessages.nameRequired)}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          id="free-company"
          label="Company"
          name="company"
          autoComplete="organization"
          value={company}
          error={emptyError(company, FreeAccessMessages.companyRequired)}
          onChange={(e) => setCompany(e.target.value)}
        />
        <TextField
          id="free-email"
          label="E-mail address"
          type="email"
          name="free-email"
          autoComplete="email"
          value={email}
          error={emptyError(email, FreeAccessMessages.emailRequired)}
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
          onChange={(e) => tick(e.target.checked)}
          aria-describedby={problem ? 'free-access-problem' : undefined}
        />
        {problem && (
          <p id="free-access-problem" className="field-error" role="alert">
            {problem}
          </p>
        )}
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

/** Credentialed sign-in with the login answers of the accounts answer texts. */
function CredentialedLoginForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  // the empty fields of the last attempt, marked in place until filled
  const [empty, setEmpty] = useState<{ email: boolean; password: boolean }>({ email: false, password: false });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = { email: !email.trim(), password: !password };
    setEmpty(missing);
    if (missing.email || missing.password) {
      toast.danger(LoginMessages.missingFields);
      document.getElementById(missing.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    const result = await login({ Email: email.trim(), Password: password });
    if ('error' in result) {
      toast.danger(loginFailureMessage(statusOf(result.error) ?? 'FETCH_ERROR', answerText(result.error)));
      return;
    }
    dispatch(signedIn({ session: result.data, isFree: false }));
    toast.success(LoginMessages.success);
    const landing = landingFor(result.data, fromOf(location.state));
    void navigate(landing.pathname, { replace: true, state: landing.state });
  };

  return (
    <section className="card login-card" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <p className="muted">Members, subscribers, country respondents and administrators sign in with their e-mail address.</p>
      <form onSubmit={submit} noValidate>
        <TextField
          id="login-email"
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          error={empty.email && !email.trim() ? LoginMessages.emailRequired : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={empty.password && !password ? LoginMessages.passwordRequired : undefined}
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

/**
 * Where the browser refuses this site its storage (a privacy mode, or the page shown
 * inside another site with third-party storage blocked), signing in cannot outlive the page.
 */
function StorageBlockedNotice() {
  const framed = window.top !== window.self;
  return (
    <div className="notice notice-warning login-storage-notice" role="status">
      <p>{LoginMessages.storageBlocked}</p>
      {framed && (
        <p>
          <a href={window.location.href} target="_blank" rel="noopener">
            Open the Compliance Index in its own window
          </a>
        </p>
      )}
    </div>
  );
}

/** /login: credentialed sign-in and free access side by side; a signed-in user goes on to where they were going. */
export default function LoginPage() {
  const user = useAppSelector(selectUser);
  const location = useLocation();
  const from = fromOf(location.state);
  useHashScroll();
  if (user) {
    const landing = landingFor(user, from);
    return <Navigate to={landing.pathname} state={landing.state} replace />;
  }
  return (
    <>
      {storageBlocked() && <StorageBlockedNotice />}
      <div className="login-page">
        {from && (
          <p className="notice notice-info login-notice" role="status">
            {LOGIN_REQUIRED_NOTICE}
          </p>
        )}
        <CredentialedLoginForm />
        <FreeAccessForm />
      </div>
    </>
  );
}
