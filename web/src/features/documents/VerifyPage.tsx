import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';

import { Button, Spinner, TextField } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { answerText, statusOf } from '../../lib/api-error';
import { formatDate } from '../../lib/dates';

import { useCheckCertificateFileMutation, useVerifyCertificateQuery } from './documents-api';
import './documents.css';

/**
 * /verify/{code} (public): is a certified-for-transaction scorecard genuine, what does
 * it certify, has a newer scorecard superseded it, and is a given PDF file unaltered?
 */
export default function VerifyPage() {
  const { code } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(code ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) void navigate(`/verify/${encodeURIComponent(typed.trim())}`);
  };

  return (
    <section aria-labelledby="verify-title" className="documents-page verify-page">
      <PageHeader
        title="Verify a certified scorecard"
        titleId="verify-title"
        lead="Every certified-for-transaction scorecard carries a verification code and a QR code at the foot of each page. Enter the code to check that the scorecard is genuine and current."
      />
      <form className="toolbar" onSubmit={submit}>
        <TextField
          label="Verification code"
          value={typed}
          placeholder="e.g. K7Q2M-9XD4T"
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit">Verify</Button>
      </form>
      {code && <VerificationResult code={code} />}
    </section>
  );
}

function VerificationResult({ code }: { code: string }) {
  const { data, error, isFetching } = useVerifyCertificateQuery(code);
  if (isFetching) return <Spinner label="Checking the code…" />;
  if (error) {
    return (
      <div className="verify-result verify-bad" role="alert">
        <h2>Not genuine</h2>
        <p>{statusOf(error) === 404 ? answerText(error) : 'The code could not be checked right now. Please try again later.'}</p>
      </div>
    );
  }
  if (!data) return null;
  return (
    <div className={`verify-result ${data.Superseded ? 'verify-warn' : 'verify-good'}`} role="status">
      <h2>Genuine certified scorecard</h2>
      <dl className="verify-facts">
        <dt>Country</dt>
        <dd>{data.Country}</dd>
        <dt>Period</dt>
        <dd>{data.Period}</dd>
        <dt>Issued on</dt>
        <dd>{formatDate(data.IssuedOn)}</dd>
        <dt>Score at issue</dt>
        <dd>{data.Score === null ? 'Unscored' : `${data.Score} (${data.Category ?? 'Not Defined'})`}</dd>
        <dt>Verification code</dt>
        <dd>{data.Code}</dd>
      </dl>
      {data.Superseded ? (
        <p className="verify-superseded">
          <strong>Superseded.</strong> The scorecard of {data.Country} has changed since this one was issued
          {data.SupersededBy
            ? ` (now period ${data.SupersededBy.Period}${data.SupersededBy.Score === null ? '' : `, score ${data.SupersededBy.Score}${data.SupersededBy.Category ? ` ${data.SupersededBy.Category}` : ''}`})`
            : ''}
          . Download a current certified scorecard before relying on it.
        </p>
      ) : (
        <p>This is the current scorecard of {data.Country}.</p>
      )}
      <FileCheck code={data.Code} />
    </div>
  );
}

/** Compares a PDF's SHA-256 with the one recorded when the code was issued. */
function FileCheck({ code }: { code: string }) {
  const [check, result] = useCheckCertificateFileMutation();
  return (
    <div className="verify-file">
      <TextField
        label="Check a PDF file against this code"
        type="file"
        accept=".pdf,application/pdf"
        hint="The file is compared with the one issued; it is not kept."
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void check({ code, file });
        }}
      />
      {result.isLoading && <Spinner label="Comparing…" />}
      {result.data &&
        (result.data.Matches ? (
          <p className="verify-good-text" role="status">
            The file matches the scorecard issued with this code: it has not been altered.
          </p>
        ) : (
          <p className="verify-bad-text" role="alert">
            The file does not match: it has been altered, or it is not the scorecard issued with this code.
          </p>
        ))}
      {result.error && <p role="alert">{answerText(result.error) ?? 'The file could not be checked.'}</p>}
    </div>
  );
}
