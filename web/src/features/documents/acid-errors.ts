import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

import { answerText, statusOf } from '../../lib/api-error';

import { DocumentMessages } from './messages';

/** The toast of a failed "View" of an ACID document (the index answer texts, ACID viewing). */
export function viewFailureText(error: FetchBaseQueryError | SerializedError | undefined): string {
  const status = statusOf(error);
  if (status === 403) return answerText(error) ?? DocumentMessages.noViewPermission;
  if (status === 400) return answerText(error) ?? DocumentMessages.notViewable;
  return DocumentMessages.openFailed;
}
