import { useEffect } from 'react';

import { statusOf, type ApiError } from '../../lib/api-error';

import { useToast } from './use-toast';

interface FailureToastOptions {
  /** How long the toast stays (the toaster's default when omitted). */
  durationMs?: number;
  /** A status that is not a failure for this page (it redirects or hides the part instead), e.g. 403. */
  quietStatus?: number;
}

/**
 * Shows a page's failure toast once per failed load: each failed request of a query gives a new
 * `error`, so a refetch that fails again warns again, and a re-render does not.
 */
export function useFailureToast(error: ApiError | undefined, text: string, { durationMs, quietStatus }: FailureToastOptions = {}): void {
  const toast = useToast();
  useEffect(() => {
    if (error && (quietStatus === undefined || statusOf(error) !== quietStatus)) toast.danger(text, durationMs);
  }, [error, text, durationMs, quietStatus, toast]);
}
