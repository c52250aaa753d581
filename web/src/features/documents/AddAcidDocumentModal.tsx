import { useState } from 'react';

import { Button, SelectField, TextField } from '../../components/form/fields';
import { Modal } from '../../components/modal/Modal';
import { useToast } from '../../components/toast/use-toast';

import { useUploadAcidDocumentMutation } from './documents-api';
import { ACCEPTED_FILES, DocumentMessages, fileProblem } from './messages';

/** Add ACID Document: title and file enable the button; access defaults to Private. */
export function AddAcidDocumentModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [access, setAccess] = useState<'Public' | 'Private'>('Private');
  const [uploadAcid, upload] = useUploadAcidDocumentMutation();
  const toast = useToast();
  const problem = file ? fileProblem(file) : null;

  const close = () => {
    setTitle('');
    setFile(null);
    setAccess('Private');
    onClose();
  };

  const submit = async () => {
    if (!title.trim() || !file || problem) return;
    const result = await uploadAcid({ title: title.trim(), access, file });
    if (result.error) {
      toast.danger(DocumentMessages.adminAddFailed);
      return;
    }
    toast.success(DocumentMessages.adminAdded);
    close();
  };

  return (
    <Modal
      open={open}
      title="Add ACID Document"
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} busy={upload.isLoading} disabled={!title.trim() || !file || !!problem}>
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
        <SelectField label="Access" value={access} onChange={(e) => setAccess(e.target.value as 'Public' | 'Private')}>
          <option value="Private">Private</option>
          <option value="Public">Public</option>
        </SelectField>
      </form>
    </Modal>
  );
}
