import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { api } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button, CheckboxField } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';

import { useResumeSessionMutation } from './auth-api';
import { agreed, selectUser } from './auth-slice';
import { fromOf, landingPathFor } from './landing';

const agreeApi = api.injectEndpoints({
  endpoints: (build) => ({
    agree: build.mutation<unknown, void>({ query: () => ({ url: 'api/user/agree' }) }),
  }),
});

/** /agree: the terms gate; I Agree stays disabled until the box is ticked, then back to the page asked for. */
export default function AgreePage() {
  const [ticked, setTicked] = useState(false);
  const [agree, { isLoading }] = agreeApi.useAgreeMutation();
  const [renewSession, { isLoading: renewing }] = useResumeSessionMutation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();

  const submit = async () => {
    const result = await agree();
    if ('error' in result) {
      toast.danger('You must be logged in.');
      return;
    }
    // every service refuses the current token (it says the terms are still to agree): a new one,
    // taken before the pages behind the gate open and call them, does not
    await renewSession();
    dispatch(agreed());
    // on to the page the gate stopped them at, if any
    void navigate(user ? landingPathFor({ ...user, MustAgreeCTC: false }, fromOf(location.state)) : '/index', { replace: true });
  };

  return (
    <section className="card narrow" aria-labelledby="agree-title">
      <h1 id="agree-title">Terms and Conditions</h1>
      <p>
        Before using the Compliance Index you must agree to its <Link to="/about/terms">Terms and Conditions</Link> and{' '}
        <Link to="/about/privacy-policy">Privacy Policy</Link>.
      </p>
      <CheckboxField
        label="I have read and agree to the Terms and Conditions"
        checked={ticked}
        onChange={(e) => setTicked(e.target.checked)}
      />
      <Button disabled={!ticked} busy={isLoading || renewing} onClick={submit}>
        I Agree
      </Button>
    </section>
  );
}
