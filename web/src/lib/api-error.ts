import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** What a failed RTK Query call carries. */
export type ApiError = FetchBaseQueryError | SerializedError;

/** The server's answer text (`message`, or `Message`) of a failed call, if any. */
export function answerText(error: FetchBaseQueryError | SerializedError | undefined): string | undefined {
  if (!error) return undefined;
  if ('status' in error) {
    const data = error.data as { message?: unknown; Message?: unknown } | string | undefined;
    if (typeof data === 'string') return data;
    const text = data?.message ?? data?.Message;
    return typeof text === 'string' ? text : undefined;
  }
  return error.message;
}

export const statusOf = (error: FetchBaseQueryError | SerializedError | undefined) =>
  error && 'status' in error ? error.status : undefined;

/**
 * What to tell the user about a failed call: the server's own answer when it gave one for
 * this request (a 4xx carries the spec's specific text, e.g. "Group already exists"),
 * otherwise the screen's general failure text (server errors and network failures).
 */
export function answerOr(error: FetchBaseQueryError | SerializedError | undefined, fallback: string): string {
  const status = statusOf(error);
  const text = answerText(error)?.trim();
  return typeof status === 'number' && status >= 400 && status < 500 && text ? text : fallback;
}
