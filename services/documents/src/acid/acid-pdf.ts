import type { Principal } from '@cti/access';
import type { AccessClaims, EventActor } from '@cti/contracts';
import { NotFound } from '@cti/service-kit';

import type { DocumentsExecutor } from '../db';
import { escapeHtml, longDate, printablePage } from '../rendering/html';
import { renderPdf, type Renderer } from '../rendering/render-plugin';
import { findFile } from '../uploads/repository';
import { storeCheckedFile, type FileDeps } from '../uploads/stored-files';

import { listAcidDocuments } from './acid-documents';

export const ACID_PDF_GONE = 'This ACID PDF is no longer available. Please generate it again.';

/** What making the ACID PDF takes: storing files (data access, storage, log) and a renderer. */
export interface AcidPdfDeps extends FileDeps {
  readonly renderer: Renderer;
}

/**
 * `GET /api/print/pdf/auth`: builds the ACID materials register (every ACID document the
 * user may read, public and restricted) as a PDF for this user and answers its file name.
 * It is kept like an unattached upload, so the sweep removes it after a day.
 */
export async function generateAcidPdf(
  deps: AcidPdfDeps,
  claims: AccessClaims,
  p: Principal,
  actor: EventActor | null,
): Promise<{ filename: string }> {
  const docs = await listAcidDocuments(deps.db, p);
  const now = deps.clock.now().toISOString();
  const section = (heading: string, rows: typeof docs) => `
    <h2>${heading}</h2>
    ${
      rows.length
        ? `<table><thead><tr><th>Title</th><th>File</th><th>Uploaded</th></tr></thead><tbody>${rows
            .map(
              (d) =>
                `<tr><td>${escapeHtml(d.Title)}</td><td>${escapeHtml(d.FileName)}</td><td>${escapeHtml(longDate(d.Uploaded))}</td></tr>`,
            )
            .join('')}</tbody></table>`
        : '<p class="muted">None.</p>'
    }`;
  const html = printablePage(
    'ACID insolvency materials',
    `<h1>ACID insolvency materials</h1>
     <p class="muted">Prepared for ${escapeHtml(claims.name)} on ${escapeHtml(longDate(now))}. Restricted material: not for onward distribution.</p>
     ${section(
       'Public Documents',
       docs.filter((d) => !d.IsPrivate),
     )}
     ${section(
       'Restrictive access documents',
       docs.filter((d) => d.IsPrivate),
     )}`,
  );
  const pdf = await renderPdf(deps.renderer, html);
  const file = { fileName: `ACID materials ${now.slice(0, 10)}.pdf`, extension: 'pdf' as const, contentType: 'application/pdf', data: pdf };
  const { s3Name } = await storeCheckedFile(deps, file, 'acid-pdf', actor, async () => undefined);
  return { filename: s3Name };
}

/** `GET /api/print/pdf?filename=`: a generated ACID PDF, only for the user it was made for. */
export async function generatedAcidPdf(db: DocumentsExecutor, claims: AccessClaims, filename: string) {
  const file = await findFile(db, filename);
  if (!file || file.purpose !== 'acid-pdf' || file.uploadedBy !== claims.sub) throw new NotFound(ACID_PDF_GONE);
  return file;
}
