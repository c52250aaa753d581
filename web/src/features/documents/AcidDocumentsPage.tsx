import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';

import type { DocumentRow } from '@cti/contracts';

import { Button } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { useFailureToast } from '../../components/toast/use-failure-toast';
import { useToast } from '../../components/toast/use-toast';
import { formatDate } from '../../lib/dates';
import { saveDownloadedFile } from '../../lib/file-download';

import { viewFailureText } from './acid-errors';
import { useAcidDocumentsQuery, useDownloadAcidDocumentMutation, usePrepareAcidViewMutation } from './documents-api';
import { DocumentMessages } from './messages';
import './documents.css';

/** /acid-documents (IsACID): insolvency materials in Public Documents and Restrictive access documents. */
export default function AcidDocumentsPage() {
  const { data, isLoading, error } = useAcidDocumentsQuery();
  const [prepareView, preparing] = usePrepareAcidViewMutation();
  const [download] = useDownloadAcidDocumentMutation();
  const navigate = useNavigate();
  const toast = useToast();

  useFailureToast(error, DocumentMessages.acidLoadFailed);

  const columns = useMemo<ColumnDef<DocumentRow, any>[]>(() => {
    // the document is prepared (processing), then opened in the PDF viewer
    const view = async (d: DocumentRow) => {
      const result = await prepareView(d.S3Name);
      if (result.error) return toast.danger(viewFailureText(result.error));
      if (!result.data?.filename) return toast.danger(DocumentMessages.prepareFailed);
      // as a query parameter: the gateway answers 404 for deep links whose last segment has an extension
      void navigate(`/pdf?source=${encodeURIComponent(result.data.filename)}&returnTo=acidDocuments`);
    };
    const save = async (d: DocumentRow) => {
      const file = await download({ s3Name: d.S3Name, fileName: d.FileName });
      if (file.data) saveDownloadedFile(file.data);
      else toast.danger(DocumentMessages.acidDownloadFailed);
    };
    return [
      { accessorKey: 'Title', header: 'Title' },
      { accessorKey: 'FileType', header: 'Type', cell: (c) => String(c.getValue()).toUpperCase() },
      { accessorKey: 'Uploaded', header: 'Uploaded', cell: (c) => formatDate(c.getValue() as string) },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        enableSorting: false,
        cell: ({ row: { original: d } }) => (
          <span className="cluster">
            <Button
              variant="secondary"
              busy={preparing.isLoading && preparing.originalArgs === d.S3Name}
              onClick={() => void view(d)}
              aria-label={`View ${d.Title}`}
            >
              View
            </Button>
            <Button variant="link" onClick={() => void save(d)} aria-label={`Download ${d.Title}`}>
              Download
            </Button>
          </span>
        ),
      },
    ];
  }, [download, navigate, prepareView, preparing.isLoading, preparing.originalArgs, toast]);

  const publicDocs = (data ?? []).filter((d) => !d.IsPrivate);
  const restricted = (data ?? []).filter((d) => d.IsPrivate);
  const table = (rows: DocumentRow[], caption: string) => (
    <DataTable
      columns={columns}
      data={rows}
      pageSize={10}
      caption={caption}
      initialSort={{ id: 'Uploaded', desc: true }}
      loading={isLoading}
      emptyText={error ? DocumentMessages.acidLoadFailed : 'No documents.'}
      getRowId={(d) => d.S3Name}
    />
  );

  return (
    <section aria-labelledby="acid-title" className="documents-page">
      <PageHeader
        title="Insolvency materials (ACID)"
        titleId="acid-title"
        eyebrow="Document library"
        lead="Materials of the Aviation Cape Town Insolvency Database. Restricted documents are for ACID users only; do not pass them on."
        actions={
          <Link to="/pdf-acid" className="button button-secondary">
            Open the ACID materials PDF
          </Link>
        }
      />
      <h2 id="acid-public">Public Documents</h2>
      {table(publicDocs, 'Public Documents')}
      <h2 id="acid-restricted">Restrictive access documents</h2>
      {table(restricted, 'Restrictive access documents')}
    </section>
  );
}
