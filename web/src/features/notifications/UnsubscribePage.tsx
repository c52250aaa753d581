import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';

import { NotificationMessages, type UnsubscribeAnswer } from '@cti/contracts';

import { Button, Spinner } from '../../components/form/fields';
import { answerText } from '../../lib/api-error';

import { useResubscribeMutation, useUnsubscribeMutation } from './notifications-api';
import './notifications.css';

/**
 * /notifications/unsubscribe/{token}: the one-click link of an alert e-mail. Opening it
 * unsubscribes at once, without signing in (the token is signed and does only this);
 * Undo takes it back.
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const [unsubscribe] = useUnsubscribeMutation();
  const [resubscribe, undoing] = useResubscribeMutation();
  const [answer, setAnswer] = useState<UnsubscribeAnswer | null>(null);
  const [undone, setUndone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    // once, even when React runs effects twice in development
    if (asked.current) return;
    asked.current = true;
    void unsubscribe(token).then((result) => {
      if ('error' in result) setFailure(answerText(result.error) ?? NotificationMessages.badToken);
      else setAnswer(result.data);
    });
  }, [token, unsubscribe]);

  const undo = async () => {
    const result = await resubscribe(token);
    if ('error' in result) setFailure(answerText(result.error) ?? NotificationMessages.badToken);
    else setUndone(result.data.message);
  };

  return (
    <section className="card narrow unsubscribe-page" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Alert e-mails</h1>
      {failure ? (
        <p className="notice notice-danger" role="alert">
          {failure}
        </p>
      ) : !answer ? (
        <Spinner label="Unsubscribing…" />
      ) : (
        <div role="status">
          <p className="notice notice-success">{undone ?? answer.message}</p>
          {!undone && (
            <Button variant="secondary" onClick={() => void undo()} busy={undoing.isLoading}>
              Undo
            </Button>
          )}
        </div>
      )}
      <p>
        <Link to="/notifications">Manage your alerts</Link> (sign-in needed)
      </p>
    </section>
  );
}
