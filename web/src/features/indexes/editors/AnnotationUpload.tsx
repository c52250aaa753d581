import { useId, useState } from 'react';

import { ScoringMessages } from '@cti/contracts';

import { Button } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { answerText } from '../../../lib/api-error';

import { useAttachAnnotationMutation, useUploadAnnotationFileMutation } from './editors-api';

const ACCEPTED = ['.pdf', '.doc', '.docx'];
export const accepted = (name: string) => ACCEPTED.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * Annotation upload of the editors: the file goes to the documents service
 * (`POST api/document?type=1|2`), which answers the stored name; the annotation is then
 * attached to the questionnaire (type 1) or to the enforceability record (type 2).
 */
export function AnnotationUpload({
  target,
  disabled,
}: {
  target: { type: 1; QuestionnaireId: string } | { type: 2; GroupId: string; PeriodId: string };
  disabled?: boolean;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, { isLoading: uploading }] = useUploadAnnotationFileMutation();
  const [attach, { isLoading: attaching }] = useAttachAnnotationMutation();
  const toast = useToast();

  const send = async () => {
    if (!file) return;
    const stored = await upload({ type: target.type, file });
    const s3Name = 'data' in stored ? stored.data : undefined;
    if (!s3Name || s3Name === ScoringMessages.notUploaded) {
      toast.danger(answerText('error' in stored ? stored.error : undefined) ?? ScoringMessages.uploadFailed, 5000);
      return;
    }
    const attached = await attach({ ...target, S3Name: s3Name });
    if ('data' in attached && attached.data) {
      toast.success(ScoringMessages.uploaded);
      setFile(null);
    } else toast.danger(ScoringMessages.uploadFailed, 5000);
  };

  return (
    <div className="field annotation-upload">
      <label htmlFor={id}>Annotation (.pdf, .doc, .docx)</label>
      <div className="cluster">
        <input
          id={id}
          type="file"
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          disabled={disabled}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setProblem(chosen && !accepted(chosen.name) ? 'Only .pdf, .doc and .docx files are accepted.' : null);
            setFile(chosen && accepted(chosen.name) ? chosen : null);
          }}
        />
        <Button variant="secondary" disabled={!file || disabled} busy={uploading || attaching} onClick={() => void send()}>
          Upload annotation
        </Button>
      </div>
      {problem && (
        <small className="field-error" role="alert">
          {problem}
        </small>
      )}
    </div>
  );
}
