import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';

import { Spinner } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';

import { useAcidPdfAuthMutation, useAcidPdfMutation } from './documents-api';
import { DocumentMessages } from './messages';
import { PdfFrame } from './PdfFrame';
import { useHeldFile } from './use-object-url';
import './documents.css';

/** /pdf-acid: generates the ACID materials PDF (`api/print/pdf/auth` → filename → `api/print/pdf`) and opens it in the viewer. */
export default function AcidPdfPage() {
  const [authorize] = useAcidPdfAuthMutation();
  const [fetchPdf] = useAcidPdfMutation();
  const [file, setFile] = useHeldFile();
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (text: string) => {
      toast.danger(text);
      void navigate('/acid-documents', { replace: true });
    };
    void (async () => {
      const auth = await authorize();
      if (auth.error) return fail(answerText(auth.error) ?? DocumentMessages.acidPdfFailed);
      if (!auth.data?.filename) return fail(DocumentMessages.acidPdfNoFilename);
      const pdf = await fetchPdf(auth.data.filename);
      if (pdf.error || !pdf.data) return fail(answerText(pdf.error) ?? DocumentMessages.acidPdfFailed);
      setFile(pdf.data);
    })();
  }, [authorize, fetchPdf, navigate, setFile, toast]);

  return (
    <section aria-labelledby="acid-pdf-title" className="documents-page pdf-page">
      <PageHeader title="ACID materials" titleId="acid-pdf-title" actions={<Link to="/acid-documents">Back to ACID Documents</Link>} />
      {file ? <PdfFrame url={file.url} title="ACID materials" /> : <Spinner label="Preparing the ACID PDF, this can take a few seconds…" />}
    </section>
  );
}
