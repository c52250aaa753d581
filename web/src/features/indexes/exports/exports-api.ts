import { api } from '../../../app/api';
import { fileNameOf, type DownloadedFile } from '../../../lib/file-download';

/** How much of a download has arrived; `total` is null when the server streams without a length. */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

/**
 * Who listens to which download's progress. Mutation arguments must stay plain data, so
 * a download names its listener by id and the response handler looks it up here.
 */
const listeners = new Map<string, (progress: DownloadProgress) => void>();
export const listenToDownload = (id: string, listener: (progress: DownloadProgress) => void) => {
  listeners.set(id, listener);
  return () => {
    listeners.delete(id);
  };
};

/** Reads a binary answer chunk by chunk, reporting progress, into an object URL (see asDownloadedFile). */
const withProgress = (id: string, fallbackName: string) => async (response: Response) => {
  if (!response.ok) {
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      listeners.get(id)?.({ loaded, total });
    }
  } else {
    chunks.push(new Uint8Array(await response.arrayBuffer()));
  }
  const blob = new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  return {
    url: URL.createObjectURL(blob),
    filename: fileNameOf(response.headers.get('content-disposition'), fallbackName),
  } satisfies DownloadedFile;
};

/** The exports of the index data (GET api/group/index/export/...): CSV, Excel or the full ZIP. */
export const exportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportFile: build.mutation<DownloadedFile, { url: string; fallbackName: string; progressId: string }>({
      query: ({ url, fallbackName, progressId }) => ({ url, method: 'GET', responseHandler: withProgress(progressId, fallbackName) }),
    }),
  }),
});

export const { useExportFileMutation } = exportsApi;
