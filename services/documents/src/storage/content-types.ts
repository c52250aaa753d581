import path from 'node:path';

import { withoutInvisibleControls } from '@cti/service-kit';

/** The three accepted document types and their content types. */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;

export const isDocumentExtension = (ext: string): ext is DocumentExtension => Object.hasOwn(DOCUMENT_TYPES, ext);

export const extensionOf = (fileName: string) => path.extname(fileName).slice(1).toLowerCase();

/** Downloads with other file extensions are not given a type. */
export function contentTypeForDownload(fileName: string): string | null {
  const ext = extensionOf(fileName);
  return isDocumentExtension(ext) ? DOCUMENT_TYPES[ext] : null;
}

/**
 * A file name safe to show and to put in a header: no directories, no control or
 * reserved characters, no leading dots, at most 150 characters, extension kept.
 */
export function safeFileName(raw: string, fallback = 'document'): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = withoutInvisibleControls(base.normalize('NFC'))
    .replace(/[<>:"|?*;]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  if (!cleaned) return fallback;
  if (cleaned.length <= 150) return cleaned;
  const ext = path.extname(cleaned).slice(0, 10);
  return `${cleaned.slice(0, 150 - ext.length)}${ext}`;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDispositionOf(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
