import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button, TextField } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText, statusOf } from '../../lib/api-error';
import { useLoginMutation } from './auth-api';
import { selectUser, signedIn } from './auth-slice';
import { loginFailureMessage, LoginMessages } from './login-messages';

/** /login: credentialed sign-in (free access joins this page in its own form). */
export default function LoginPage() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (user) return <Navigate to="/index" replace />;

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
    const from = (location.state as { from?: string } | null)?.from;
    if (result.data.MustAgreeCTC && !result.data.IsAdmin) navigate('/agree', { replace: true });
    else navigate(from && from !== '/login' ? from : '/index', { replace: true });
  };

  return (
    <div className="login-page">
      <section className="card login-card" aria-labelledby="login-title">
        <h1 id="login-title">Sign in</h1>
        <p className="muted">Members, subscribers, country respondents and administrators sign in with their e-mail address.</p>
        <form onSubmit={submit} noValidate>
          <TextField label="E-mail" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="form-actions">
            <Button type="submit" busy={isLoading}>
              Login
            </Button>
            <Link to="/forgotPassword">Forgot password?</Link>
          </div>
        </form>
      </section>
    </div>
  );
}
