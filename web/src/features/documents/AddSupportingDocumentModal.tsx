import { useState } from 'react';

import { Button, SelectField, TextField } from '../../components/form/fields';
import { Modal } from '../../components/modal/Modal';
import { useToast } from '../../components/toast/use-toast';

import { useAddSupportingDocumentMutation, useDocumentCountriesQuery, useUploadDocumentMutation } from './documents-api';
import { ACCEPTED_FILES, DocumentMessages, fileProblem } from './messages';

/** Add Supporting Document (admin): title, file, access, and a country when access is Member. */
export function AddSupportingDocumentModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [access, setAccess] = useState('');
  const [countryId, setCountryId] = useState('');
  const { data: countries } = useDocumentCountriesQuery(undefined, { skip: !open });
  const [uploadDocument, upload] = useUploadDocumentMutation();
  const [addDocument, adding] = useAddSupportingDocumentMutation();
  const toast = useToast();
  const problem = file ? fileProblem(file) : null;

  const close = () => {
    setTitle('');
    setFile(null);
    setAccess('');
    setCountryId('');
    onClose();
  };

  const submit = async () => {
    if (!title.trim() || !file || !access || (access === 'Member' && !countryId)) {
      toast.danger(DocumentMessages.fillAllFields, 4000);
      return;
    }
    if (problem) return;
    const stored = await uploadDocument(file);
    const added = stored.data
      ? await addDocument({ Title: title.trim(), Access: access, CountryId: access === 'Member' ? countryId : null, S3Name: stored.data })
      : null;
    if (!added?.data) {
      toast.danger(DocumentMessages.supportingFailed);
      return;
    }
    toast.success(DocumentMessages.uploaded);
    close();
  };

  const busy = upload.isLoading || adding.isLoading;
  return (
    <Modal
      open={open}
      title="Add Supporting Document"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} busy={busy}>
            {upload.isLoading ? 'Uploading…' : 'Add Document'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={300} />
        <TextField
          label="File"
          type="file"
          accept={ACCEPTED_FILES}
          error={problem ?? undefined}
          hint="PDF or Word (.pdf, .doc, .docx), up to 25 MB"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <SelectField label="Access" value={access} onChange={(e) => setAccess(e.target.value)}>
          <option value="">Choose who may see it</option>
          <option value="Global">Global</option>
          <option value="Member">Member</option>
          <option value="Admin">Admin</option>
        </SelectField>
        {access === 'Member' && (
          <SelectField label="Country" value={countryId} onChange={(e) => setCountryId(e.target.value)}>
            <option value="">Choose a country</option>
            {(countries ?? []).map((c) => (
              <option key={c.Id} value={c.Id}>
                {c.Name}
              </option>
            ))}
          </SelectField>
        )}
      </form>
    </Modal>
  );
}
