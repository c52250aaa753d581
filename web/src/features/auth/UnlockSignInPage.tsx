import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { UnlockAnswers } from '@cti/contracts';

import { Button } from '../../components/form/fields';
import { answerText, statusOf } from '../../lib/api-error';

import { useUnlockSignInMutation } from './auth-api';

/**
 * /unlockSignIn/{code}: the link e-mailed when sign-ins to an account were locked after
 * failed attempts. A button, not the opening of the page, unlocks (mail scanners open links),
 * and it unlocks the network this browser is on.
 */
export default function UnlockSignInPage() {
  const { code = '' } = useParams();
  const [unlock, { isLoading }] = useUnlockSignInMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async () => {
    const result = await unlock({ Code: code });
    if ('error' in result) {
      const answer = answerText(result.error);
      const status = statusOf(result.error);
      setOutcome({ ok: false, text: answer && (status === 400 || status === 429) ? answer : UnlockAnswers.invalidLink });
      return;
    }
    setOutcome({ ok: true, text: result.data.message });
  };

  return (
    <section className="card narrow" aria-labelledby="unlock-title">
      <h1 id="unlock-title">Unlock sign-in</h1>
      <p>
        Sign-ins to your account were paused after several failed attempts. Unlock them for the network this browser is on, then sign in as
        usual.
      </p>
      {outcome ? (
        <p className={`notice ${outcome.ok ? 'notice-success' : 'notice-danger'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : (
        <div className="form-actions">
          <Button type="button" busy={isLoading} onClick={() => void submit()}>
            Unlock sign-in
          </Button>
        </div>
      )}
      <p>
        <Link to="/login">Go to login</Link>
      </p>
    </section>
  );
}
