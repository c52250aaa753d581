import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { canDownloadSupportingDocument, canManageDocuments, mayDownloadSupportingDocuments } from '@cti/access';
import type { DocumentRow } from '@cti/contracts';

import { usePrincipal } from '../../app/hooks';
import { Button } from '../../components/form/fields';
import { FilterBox } from '../../components/form/FilterBox';
import { PageHeader } from '../../components/layout/PageHeader';
import { RowMenu } from '../../components/menu/RowMenu';
import { ConfirmDialog } from '../../components/modal/ConfirmDialog';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { useFailureToast } from '../../components/toast/use-failure-toast';
import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';
import { formatDate } from '../../lib/dates';
import { saveDownloadedFile } from '../../lib/file-download';

import { AddSupportingDocumentModal } from './AddSupportingDocumentModal';
import { useDeleteDocumentMutation, useDownloadDocumentMutation, useSupportingDocumentsQuery } from './documents-api';
import { DocumentMessages } from './messages';
import './documents.css';

const accessLabel = (d: DocumentRow) => (d.Access === 'Member' && d.CountryName ? `Member (${d.CountryName})` : d.Access);

/** /documents: the supporting documents library: filter, 10 per page, download, admin add and delete. */
export default function SupportingDocumentsPage() {
  const principal = usePrincipal()!;
  const isAdmin = canManageDocuments(principal);
  const mayDownload = mayDownloadSupportingDocuments(principal);
  const { data, isLoading, error } = useSupportingDocumentsQuery();
  const [download] = useDownloadDocumentMutation();
  const [deleteDocument, deleting] = useDeleteDocumentMutation();
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<DocumentRow | null>(null);
  const toast = useToast();

  useFailureToast(error, DocumentMessages.supportingLoadFailed);

  const columns = useMemo<ColumnDef<DocumentRow, any>[]>(() => {
    const onDownload = async (d: DocumentRow) => {
      const file = await download({ s3Name: d.S3Name, fileName: d.FileName });
      if (file.data) saveDownloadedFile(file.data);
      else toast.danger(answerText(file.error) ?? DocumentMessages.supportingFailed);
    };
    return [
      { accessorKey: 'Title', header: 'Title' },
      { accessorKey: 'Uploaded', header: 'Uploaded', cell: (c) => formatDate(c.getValue() as string) },
      ...(isAdmin ? [{ id: 'Access', accessorFn: accessLabel, header: 'Access' } satisfies ColumnDef<DocumentRow, any>] : []),
      {
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        enableSorting: false,
        cell: ({ row: { original: d } }) =>
          isAdmin ? (
            // admins: one row menu; the delete asks first (its dialog below)
            <div className="row-actions-cell">
              <RowMenu
                label={`Actions for ${d.Title}`}
                actions={[
                  { label: 'Download', onSelect: () => onDownload(d) },
                  { label: 'Delete…', danger: true, onSelect: () => setToDelete(d) },
                ]}
              />
            </div>
          ) : (
            <span className="cluster">
              {canDownloadSupportingDocument(principal, { access: d.Access, countryId: d.CountryId }) ? (
                <Button variant="secondary" onClick={() => void onDownload(d)} aria-label={`Download ${d.Title}`}>
                  Download
                </Button>
              ) : (
                <span className="muted small" aria-describedby={mayDownload ? undefined : 'download-roles'}>
                  {DocumentMessages.downloadNotIncluded}
                </span>
              )}
            </span>
          ),
      },
    ];
  }, [download, isAdmin, mayDownload, principal, toast]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await deleteDocument(toDelete.S3Name);
    setToDelete(null);
    if (result.data) toast.success(result.data.message);
    else toast.danger(DocumentMessages.deleteFailed);
  };

  return (
    <section aria-labelledby="documents-title" className="documents-page">
      <PageHeader
        title="Supporting Documents"
        titleId="documents-title"
        eyebrow="Document library"
        lead="Reference material of the working group on the Cape Town Convention and its Aircraft Protocol."
        actions={
          <>
            {principal.isAcid && <Link to="/acid-documents">Insolvency materials (ACID)</Link>}
            {isAdmin && <Link to="/admin/acid-documents">Manage ACID documents</Link>}
            {isAdmin && <Button onClick={() => setAdding(true)}>Add Supporting Document</Button>}
          </>
        }
      />
      {!mayDownload && (
        <p id="download-roles" className="notice" role="note">
          {DocumentMessages.downloadRolesNotice} <Link to="/purchasingAccess">Purchasing access</Link>
        </p>
      )}
      <FilterBox value={filter} onChange={setFilter} label="Filter documents" />
      <DataTable
        columns={columns}
        data={data ?? []}
        pageSize={10}
        filterText={filter}
        filterFields={[(d) => d.Title, (d) => d.FileName, (d) => d.CountryName, (d) => formatDate(d.Uploaded)]}
        initialSort={{ id: 'Uploaded', desc: true }}
        caption="Supporting documents"
        loading={isLoading}
        emptyText={error ? DocumentMessages.supportingLoadFailed : 'No documents yet.'}
        getRowId={(d) => d.S3Name}
      />
      {isAdmin && <AddSupportingDocumentModal open={adding} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={!!toDelete}
        title="Delete supporting document"
        confirmLabel="Delete"
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {DocumentMessages.confirmDeleteSupporting}
      </ConfirmDialog>
    </section>
  );
}
