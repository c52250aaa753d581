import { api } from '../../app/api';
import { asDownloadedFile, type DownloadedFile } from '../../lib/file-download';

/**
 * A certified-for-transaction scorecard from the documents service (it adds the verification
 * code): what a certified order delivers. Apart from commerce-api so that the index page, which
 * offers the download in every row, does not load the rest of commerce's endpoints.
 */
export const cftDownloadApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadCft: build.mutation<DownloadedFile, string>({
      query: (groupId) => ({
        url: `api/print/cft/${encodeURIComponent(groupId)}`,
        method: 'GET',
        responseHandler: asDownloadedFile('Certified Scorecard.pdf'),
      }),
    }),
  }),
});

export const { useDownloadCftMutation } = cftDownloadApi;
