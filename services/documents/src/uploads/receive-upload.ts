import type { Multipart } from '@fastify/multipart';

import { DocumentAnswers, UploadProblems } from '@cti/contracts';
import { DomainError, withoutInvisibleControls } from '@cti/service-kit';

import { DOCUMENT_TYPES, extensionOf, isDocumentExtension, safeFileName, type DocumentExtension } from '../storage/content-types';

import { dangerIn } from './active-content';
import { contentMatchesExtension } from './file-checks';

/** An upload refused: the spec's answer text plus the specific reason. */
export class UploadRefused extends DomainError {
  constructor(
    readonly reason: string,
    statusCode = 400,
    message: string = DocumentAnswers.notUploaded,
  ) {
    super(statusCode, message);
  }
}

/** A file that passed every check: ours to store under a generated key. */
export interface CheckedFile {
  fileName: string;
  extension: DocumentExtension;
  contentType: string;
  data: Buffer;
}

export interface ReceivedUpload {
  file: CheckedFile;
  /** Text fields sent with the file (title, access of the ACID form). */
  fields: Record<string, string>;
}

/** Content types a browser may honestly send for each extension (octet-stream when it does not know). */
const ACCEPTED_DECLARED_TYPES: Record<DocumentExtension, readonly string[]> = {
  pdf: [DOCUMENT_TYPES.pdf, 'application/x-pdf'],
  doc: [DOCUMENT_TYPES.doc, 'application/vnd.ms-word'],
  docx: [DOCUMENT_TYPES.docx],
};
const UNKNOWN_TYPES = ['', 'application/octet-stream', 'binary/octet-stream'];

/** Names that try to point somewhere (directories, `../`) or are nothing but dots. */
const suspiciousName = (name: string) => /[\\/]/.test(name) || name.split('.').every((part) => part === '');

export const uploadLimitsOf = (config: { UPLOAD_MAX_BYTES: number; UPLOAD_MAX_EXPANDED_BYTES: number }): UploadLimits => ({
  maxBytes: config.UPLOAD_MAX_BYTES,
  maxExpandedBytes: config.UPLOAD_MAX_EXPANDED_BYTES,
});

export interface UploadLimits {
  /** Largest file accepted. */
  maxBytes: number;
  /** Largest size a file may expand to when opened (a .docx package, a PDF's object streams). */
  maxExpandedBytes: number;
}

/**
 * Checks one uploaded file: name (control and bidirectional characters stripped, so the
 * extension judged is the one a reader sees), extension, declared type, size, content,
 * and what the content carries (scripts, HTML, programs, zip bombs).
 */
export async function checkUpload(
  raw: { fileName: string; declaredType: string; data: Buffer },
  limits: UploadLimits,
): Promise<CheckedFile> {
  const name = withoutInvisibleControls(raw.fileName).trim();
  if (!name || suspiciousName(name)) throw new UploadRefused(UploadProblems.name);
  const extension = extensionOf(name);
  if (!isDocumentExtension(extension)) throw new UploadRefused(UploadProblems.extension);
  if (raw.data.length === 0) throw new UploadRefused(UploadProblems.empty);
  if (raw.data.length > limits.maxBytes) throw new UploadRefused(UploadProblems.tooLarge(megabytes(limits.maxBytes)), 413);
  const declared = raw.declaredType.split(';')[0].trim().toLowerCase();
  if (!UNKNOWN_TYPES.includes(declared) && !ACCEPTED_DECLARED_TYPES[extension].includes(declared))
    throw new UploadRefused(UploadProblems.content);
  if (!(await contentMatchesExtension(raw.data, extension))) throw new UploadRefused(UploadProblems.content);
  const danger = await dangerIn(raw.data, extension, limits);
  if (danger) throw new UploadRefused(danger);
  return { fileName: safeFileName(name), extension, contentType: DOCUMENT_TYPES[extension], data: raw.data };
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The multipart side of a request (a route passes its request): whether it is a form, and its parts. */
export interface MultipartForm {
  isMultipart(): boolean;
  parts(options: { preservePath: boolean; limits: Record<string, number> }): AsyncIterableIterator<Multipart>;
}

/**
 * Reads a multipart request: exactly one file in field `file` (buffered up to the limit,
 * so nothing reaches storage before every check passed) and a few short text fields.
 */
export async function receiveUpload(request: MultipartForm, limits: UploadLimits): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new UploadRefused(UploadProblems.missing);
  let raw: { fileName: string; declaredType: string; data: Buffer } | null = null;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      preservePath: true,
      limits: { fileSize: limits.maxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') raw = { fileName: part.filename ?? '', declaredType: part.mimetype ?? '', data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadReadFailure(err, limits.maxBytes);
  }
  if (!raw) throw new UploadRefused(UploadProblems.missing);
  return { file: await checkUpload(raw, limits), fields };
}

/**
 * Why reading a multipart body failed. Only the client's bytes are read here, so every
 * failure is a refused upload: a limit passed, or a form that is broken (no boundary,
 * cut short) as the multipart parser reports with plain errors.
 */
export function uploadReadFailure(err: unknown, maxBytes: number): UploadRefused {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new UploadRefused(UploadProblems.tooLarge(megabytes(maxBytes)), 413);
  if (code === 'FST_FILES_LIMIT') return new UploadRefused('Send one file at a time.');
  if (code?.startsWith('FST_')) return new UploadRefused(UploadProblems.missing);
  return new UploadRefused(UploadProblems.malformed);
}
