import { useCallback, useState } from 'react';

import { Button } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import type { CurrentQuestionnaire } from '../current-questionnaire';

import { QuestionnaireExport } from './QuestionnaireExport';

export const EXPORT_FAILED = 'An error occurred while exporting the questionnaire. Please try again later.';

/** Export PDF: a spinner until the file is downloaded (the states and transitions "Print/export shows a spinner until done"). */
export function ExportPdfButton({ target, label = 'Export PDF' }: { target: CurrentQuestionnaire; label?: string }) {
  const [exporting, setExporting] = useState(false);
  const toast = useToast();
  const done = useCallback(
    (error?: unknown) => {
      setExporting(false);
      if (error) {
        console.error('questionnaire export failed', error);
        toast.danger(EXPORT_FAILED, 6000);
      }
    },
    [toast],
  );
  return (
    <>
      <Button
        variant="secondary"
        className="button button-secondary button-small"
        busy={exporting}
        onClick={() => setExporting(true)}
        aria-label={`${label}: ${target.Country} ${target.Period}`}
      >
        {exporting ? 'Preparing PDF…' : label}
      </Button>
      {exporting && <QuestionnaireExport target={target} onDone={done} />}
    </>
  );
}
