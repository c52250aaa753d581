import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';

import { Spinner } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { useToast } from '../../components/toast/use-toast';

import { viewFailureText } from './acid-errors';
import { useDownloadAcidDocumentMutation } from './documents-api';
import { DocumentMessages } from './messages';
import { PdfFrame } from './PdfFrame';
import { useHeldFile } from './use-object-url';
import './documents.css';

/**
 * /pdf/{source?}: the PDF viewer. The document comes from the route or the
 * `source` query parameter; without one the user is told and sent back to the ACID list.
 */
export default function PdfViewerPage() {
  const { source: fromRoute } = useParams();
  const [query] = useSearchParams();
  const source = fromRoute ?? query.get('source') ?? query.get('file');
  const returnToAcid = query.get('returnTo') === 'acidDocuments';
  const [fetchDocument] = useDownloadAcidDocumentMutation();
  const [file, setFile] = useHeldFile();
  const navigate = useNavigate();
  const toast = useToast();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!source) {
      toast.danger(DocumentMessages.sourceMissing);
      void navigate('/acid-documents', { replace: true });
      return;
    }
    if (started.current === source) return;
    started.current = source;
    void fetchDocument({ s3Name: source, fileName: 'document.pdf' }).then((result) => {
      if (result.data) setFile(result.data);
      else {
        toast.danger(viewFailureText(result.error));
        void navigate('/acid-documents', { replace: true });
      }
    });
  }, [source, fetchDocument, navigate, setFile, toast]);

  return (
    <section aria-labelledby="pdf-title" className="documents-page pdf-page">
      <PageHeader
        title="Document viewer"
        titleId="pdf-title"
        actions={returnToAcid && <Link to="/acid-documents">Back to ACID Documents</Link>}
      />
      {file ? <PdfFrame url={file.url} title={file.filename} /> : <Spinner label="Opening the document…" />}
    </section>
  );
}
