/** The toasts and texts of the documents screens, verbatim from the index validation rules and answer texts. */
export const DocumentMessages = {
  supportingLoadFailed: 'Could not load Supporting Documents',
  supportingFailed: 'An error occured. Please try again later.',
  uploaded: 'Document uploaded successfully',
  deleteFailed: 'Failed to delete document',
  fillAllFields: 'Please fill out all fields',
  confirmDeleteSupporting: 'Are you sure you would like to delete this supporting document?',

  acidLoadFailed: 'Failed to load ACID documents. Please try again.',
  prepareFailed: 'Unable to prepare the document for viewing.',
  noViewPermission: 'You do not have permission to view this document.',
  notViewable: 'This document type is not supported for in-browser viewing.',
  openFailed: 'Failed to open the document. Please try again.',
  acidDownloadFailed: 'Failed to download document. Please try again.',

  acidPdfFailed: 'Failed to open the ACID PDF. Please try again.',
  acidPdfNoFilename: 'No filename returned for ACID PDF generation.',

  adminLoadFailed: 'Failed to load documents',
  adminDownloadFailed: 'Failed to download document',
  adminDeleteFailed: 'Failed to delete document',
  adminAddFailed: 'Failed to add document',
  adminDeleted: 'Document deleted successfully',
  adminAdded: 'Document added successfully',
  confirmDeleteAcid: 'Are you sure you want to delete this document? This action cannot be undone.',

  sourceMissing: 'Document source missing. Returning to documents list.',

  /** Why a row of the library has no Download (the download row of the permissions table). */
  downloadNotIncluded: 'Download not included in your access',
  downloadRolesNotice:
    'Supporting documents are listed for every subscriber. Downloading them is included with an Enhanced subscription, for members of the working group and for the respondents and viewers of a country; a Standard subscription does not include it.',
} as const;

/** Files the upload fields accept. */
export const ACCEPTED_FILES = '.pdf,.doc,.docx';
const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx'];
/** The documents service's default upload limit. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** What is wrong with a chosen file before it is sent, if anything. */
export function fileProblem(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!ACCEPTED_EXTENSIONS.includes(ext)) return 'Only .pdf, .doc and .docx files can be uploaded.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MAX_UPLOAD_BYTES) return 'The file is larger than 25 MB.';
  return null;
}
