import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { FreeAccessAnswers } from '@cti/contracts';

import { useAppDispatch } from '../../app/hooks';
import { Button, Spinner } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';

import { FreeAccessMessages } from './account-messages';
import { isSession, useConfirmFreeAccessMutation, useFreeAccessMutation } from './auth-api';
import { signedIn } from './auth-slice';

type Notice = { kind: 'success' | 'danger'; text: string } | null;

/**
 * /confirmEmail/{email} and /confirmEmail/{email}/{code}. A real code
 * logs the free user in and goes to /index; no code (or "freeAccess") thanks the
 * visitor, asks them to check their e-mail and offers to resend the link.
 */
export default function ConfirmEmailPage() {
  const { email = '', code } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [confirm] = useConfirmFreeAccessMutation();
  const [resend, { isLoading: resending }] = useFreeAccessMutation();
  const realCode = !!code && code !== 'freeAccess';
  const [confirming, setConfirming] = useState(realCode);
  const [notice, setNotice] = useState<Notice>(
    (location.state as { sent?: boolean } | null)?.sent ? { kind: 'success', text: FreeAccessMessages.emailSent } : null,
  );
  const once = useRef(false);

  useEffect(() => {
    if (!realCode || once.current) return;
    once.current = true;
    void confirm({ email, code: code }).then((result) => {
      if ('error' in result) {
        toast.danger(FreeAccessMessages.grantFailed);
        setConfirming(false);
        return;
      }
      dispatch(signedIn({ session: result.data, isFree: true }));
      toast.success(FreeAccessMessages.granted);
      void navigate('/index', { replace: true });
    });
  }, [realCode, email, code, confirm, dispatch, navigate, toast]);

  const resendLink = async () => {
    const result = await resend({ Email: email });
    if ('error' in result) {
      const answer = answerText(result.error);
      setNotice({
        kind: 'danger',
        text: answer === FreeAccessAnswers.userExists ? FreeAccessMessages.userExists : FreeAccessMessages.grantFailed,
      });
      return;
    }
    if (isSession(result.data)) {
      dispatch(signedIn({ session: result.data, isFree: true }));
      toast.success(FreeAccessMessages.granted);
      void navigate('/index', { replace: true });
      return;
    }
    setNotice({ kind: 'success', text: FreeAccessMessages.emailSent });
  };

  if (confirming) return <Spinner label="Confirming your e-mail…" />;
  return (
    <section className="card narrow" aria-labelledby="confirm-title">
      <h1 id="confirm-title">Thank you</h1>
      <p>Thank you for your interest in the Cape Town Convention Compliance Index.</p>
      <p>
        Please check your e-mail
        {email ? (
          <>
            {' '}
            (<strong>{email}</strong>)
          </>
        ) : null}{' '}
        for the link that confirms your address and opens the Index.
      </p>
      {notice && (
        <p className={`notice notice-${notice.kind}`} role={notice.kind === 'danger' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {email && (
        <p>
          Did not receive it?{' '}
          <Button variant="link" onClick={resendLink} busy={resending}>
            Resend the confirmation link
          </Button>
        </p>
      )}
    </section>
  );
}
