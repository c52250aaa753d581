import { useEffect, useRef } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { useToast } from '../../components/toast/use-toast';
import { statusOf } from '../../lib/api-error';

/**
 * Shows the spec's failure toast (5 s) once when a load fails; a 403 is not a failure
 * here (the page goes to /restricted or hides the part instead).
 */
export function useFailureToast(error: FetchBaseQueryError | SerializedError | undefined, text: string): void {
  const toast = useToast();
  const warned = useRef(false);
  useEffect(() => {
    if (error && statusOf(error) !== 403 && !warned.current) {
      warned.current = true;
      toast.danger(text, 5000);
    }
  }, [error, toast, text]);
}
