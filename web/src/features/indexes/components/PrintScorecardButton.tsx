import { ScoringMessages } from '@cti/contracts';

import { Button } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { saveDownloadedFile } from '../../../lib/file-download';
import { usePrintScorecardMutation } from '../indexes-api';

/** Print or download the scorecard as a PDF (compliance or enforceability variant), with a spinner until done. */
export function PrintScorecardButton({ groupId, variant }: { groupId: string; variant: 'compliance' | 'enforceability' }) {
  const [print, { isLoading }] = usePrintScorecardMutation();
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      busy={isLoading}
      onClick={async () => {
        const result = await print({ GroupId: groupId, variant });
        if ('data' in result && result.data) saveDownloadedFile(result.data);
        else toast.danger(ScoringMessages.printFailed, 5000);
      }}
    >
      {isLoading ? 'Preparing PDF…' : 'Print / Download PDF'}
    </Button>
  );
}
