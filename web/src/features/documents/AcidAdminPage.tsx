import { useMemo, useState } from 'react';

import type { DocumentRow } from '@cti/contracts';

import { Button } from '../../components/form/fields';
import { FilterBox } from '../../components/form/FilterBox';
import { PageHeader } from '../../components/layout/PageHeader';
import { RowMenu } from '../../components/menu/RowMenu';
import { ConfirmDialog } from '../../components/modal/ConfirmDialog';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { useFailureToast } from '../../components/toast/use-failure-toast';
import { useToast } from '../../components/toast/use-toast';
import { formatDate } from '../../lib/dates';
import { saveDownloadedFile } from '../../lib/file-download';

import { AddAcidDocumentModal } from './AddAcidDocumentModal';
import { useAcidAdminDocumentsQuery, useDeleteDocumentMutation, useDownloadAcidDocumentMutation } from './documents-api';
import { DocumentMessages } from './messages';
import './documents.css';

/** /admin/acid-documents: ACID Documents Management: filter, 10 per page, add, download, delete. */
export default function AcidAdminPage() {
  const { data, isLoading, error } = useAcidAdminDocumentsQuery();
  const [download] = useDownloadAcidDocumentMutation();
  const [deleteDocument, deleting] = useDeleteDocumentMutation();
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<DocumentRow | null>(null);
  const toast = useToast();

  useFailureToast(error, DocumentMessages.adminLoadFailed);

  const columns = useMemo<ColumnDef<DocumentRow, any>[]>(() => {
    const save = async (d: DocumentRow) => {
      const file = await download({ s3Name: d.S3Name, fileName: d.FileName });
      if (file.data) saveDownloadedFile(file.data);
      else toast.danger(DocumentMessages.adminDownloadFailed);
    };
    return [
      { accessorKey: 'Title', header: 'Title' },
      { accessorKey: 'Access', header: 'Access' },
      { accessorKey: 'FileType', header: 'Type', cell: (c) => String(c.getValue()).toUpperCase() },
      { accessorKey: 'Uploaded', header: 'Uploaded', cell: (c) => formatDate(c.getValue() as string) },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        enableSorting: false,
        cell: ({ row: { original: d } }) => (
          <div className="row-actions-cell">
            <RowMenu
              label={`Actions for ${d.Title}`}
              actions={[
                { label: 'Download', onSelect: () => save(d) },
                { label: 'Delete…', danger: true, onSelect: () => setToDelete(d) },
              ]}
            />
          </div>
        ),
      },
    ];
  }, [download, toast]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await deleteDocument(toDelete.S3Name);
    setToDelete(null);
    if (result.error) toast.danger(DocumentMessages.adminDeleteFailed);
    else toast.success(DocumentMessages.adminDeleted);
  };

  return (
    <section aria-labelledby="acid-admin-title" className="documents-page">
      <PageHeader
        title="ACID Documents Management"
        titleId="acid-admin-title"
        eyebrow="Administration"
        actions={<Button onClick={() => setAdding(true)}>Add ACID Document</Button>}
      />
      <FilterBox value={filter} onChange={setFilter} label="Filter ACID documents" />
      <DataTable
        columns={columns}
        data={data ?? []}
        pageSize={10}
        filterText={filter}
        filterFields={[(d) => d.Title, (d) => d.Access, (d) => d.FileName, (d) => formatDate(d.Uploaded)]}
        initialSort={{ id: 'Uploaded', desc: true }}
        caption="ACID documents"
        loading={isLoading}
        emptyText={error ? DocumentMessages.adminLoadFailed : 'No ACID documents yet.'}
        getRowId={(d) => d.S3Name}
      />
      <AddAcidDocumentModal open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={!!toDelete}
        title="Delete ACID document"
        confirmLabel="Delete"
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {DocumentMessages.confirmDeleteAcid}
      </ConfirmDialog>
    </section>
  );
}
