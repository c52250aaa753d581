import type {
  CertificateFileCheck,
  CertificateVerification,
  DocumentCountry,
  DocumentRow,
  FilenameAnswer,
  MessageBody,
} from '@cti/contracts';

import { api } from '../../app/api';
import { asDownloadedFile, type DownloadedFile } from '../../lib/file-download';

const formWith = (file: File, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  return form;
};

/** Calls of the documents screens and of the certified-scorecard verification page. */
export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportingDocuments: build.query<DocumentRow[], void>({
      query: () => ({ url: 'api/document/all', method: 'POST' }),
      providesTags: (rows) => [
        { type: 'Document', id: 'SUPPORTING' },
        ...(rows ?? []).map((d) => ({ type: 'Document' as const, id: d.S3Name })),
      ],
    }),
    documentCountries: build.query<DocumentCountry[], void>({ query: () => 'api/document/countries' }),
    /** `POST api/document`: answers the stored name as text. */
    uploadDocument: build.mutation<string, File>({
      query: (file) => ({ url: 'api/document', method: 'POST', body: formWith(file), responseHandler: 'text' }),
    }),
    addSupportingDocument: build.mutation<DocumentRow, { Title: string; Access: string; CountryId: string | null; S3Name: string }>({
      query: (body) => ({ url: 'api/document/supporting', method: 'POST', body }),
      invalidatesTags: [{ type: 'Document', id: 'SUPPORTING' }],
    }),
    deleteDocument: build.mutation<MessageBody, string>({
      query: (s3Name) => ({ url: `api/document/delete/${encodeURIComponent(s3Name)}`, method: 'POST' }),
      invalidatesTags: (_r, _e, s3Name) => [
        { type: 'Document', id: 'SUPPORTING' },
        // the scorecards' document lists (indexes feature) show annotations, which admins can delete too
        { type: 'Document', id: 'LIST' },
        { type: 'AcidDocument', id: 'LIST' },
        { type: 'Document', id: s3Name },
        { type: 'AcidDocument', id: s3Name },
      ],
    }),
    /** A stored document or annotation file by its S3 name (supporting documents, a scorecard's documents). */
    downloadDocument: build.mutation<DownloadedFile, { s3Name: string; fileName: string }>({
      query: ({ s3Name, fileName }) => ({ url: `api/document/${encodeURIComponent(s3Name)}`, responseHandler: asDownloadedFile(fileName) }),
    }),

    acidDocuments: build.query<DocumentRow[], void>({
      query: () => ({ url: 'api/acid/documents', method: 'POST' }),
      providesTags: (rows) => [
        { type: 'AcidDocument', id: 'LIST' },
        ...(rows ?? []).map((d) => ({ type: 'AcidDocument' as const, id: d.S3Name })),
      ],
    }),
    acidAdminDocuments: build.query<DocumentRow[], void>({
      query: () => ({ url: 'api/document/all?type=3', method: 'POST' }),
      providesTags: (rows) => [
        { type: 'AcidDocument', id: 'LIST' },
        ...(rows ?? []).map((d) => ({ type: 'AcidDocument' as const, id: d.S3Name })),
      ],
    }),
    uploadAcidDocument: build.mutation<DocumentRow, { title: string; access: 'Public' | 'Private'; file: File }>({
      query: ({ title, access, file }) => ({ url: 'api/acid/upload', method: 'POST', body: formWith(file, { title, access }) }),
      invalidatesTags: [{ type: 'AcidDocument', id: 'LIST' }],
    }),
    downloadAcidDocument: build.mutation<DownloadedFile, { s3Name: string; fileName: string }>({
      query: ({ s3Name, fileName }) => ({
        url: `api/acid/download/${encodeURIComponent(s3Name)}`,
        responseHandler: asDownloadedFile(fileName),
      }),
    }),
    prepareAcidView: build.mutation<FilenameAnswer, string>({
      query: (s3Name) => ({ url: `api/acid/view/${encodeURIComponent(s3Name)}` }),
    }),
    acidPdfAuth: build.mutation<Partial<FilenameAnswer>, void>({
      query: () => ({ url: 'api/print/pdf/auth' }),
    }),
    acidPdf: build.mutation<DownloadedFile, string>({
      query: (filename) => ({
        url: `api/print/pdf?filename=${encodeURIComponent(filename)}`,
        responseHandler: asDownloadedFile('ACID.pdf'),
      }),
    }),

    verifyCertificate: build.query<CertificateVerification, string>({
      query: (code) => `api/document/verify/${encodeURIComponent(code)}`,
    }),
    checkCertificateFile: build.mutation<CertificateFileCheck, { code: string; file: File }>({
      query: ({ code, file }) => ({ url: `api/document/verify/${encodeURIComponent(code)}/file`, method: 'POST', body: formWith(file) }),
    }),
  }),
});

export const {
  useSupportingDocumentsQuery,
  useDocumentCountriesQuery,
  useUploadDocumentMutation,
  useAddSupportingDocumentMutation,
  useDeleteDocumentMutation,
  useDownloadDocumentMutation,
  useAcidDocumentsQuery,
  useAcidAdminDocumentsQuery,
  useUploadAcidDocumentMutation,
  useDownloadAcidDocumentMutation,
  usePrepareAcidViewMutation,
  useAcidPdfAuthMutation,
  useAcidPdfMutation,
  useVerifyCertificateQuery,
  useCheckCertificateFileMutation,
} = documentsApi;
