import type { AcidAccess, SupportingAccess } from '@cti/contracts';

import { uploadAcidDocument } from '../acid/acid-documents';
import { documentTitles } from '../library/repository';
import { addSupportingDocument } from '../library/supporting-documents';
import { escapeHtml, printablePage } from '../rendering/html';
import { renderPdf, type Renderer } from '../rendering/render-plugin';
import type { CheckedFile } from '../uploads/receive-upload';
import { storeCheckedFile, type CleanupLog, type FileDeps } from '../uploads/stored-files';

const SUPPORTING: ReadonlyArray<{ title: string; access: SupportingAccess; summary: string }> = [
  {
    title: 'Cape Town Convention and Aircraft Protocol: reading guide (demo)',
    access: 'Global',
    summary: 'How the Convention and its Aircraft Protocol fit together, and where the index questions come from.',
  },
  {
    title: 'Compliance Index methodology notes (demo)',
    access: 'Global',
    summary: 'Variables A to F, the weights of each precedent level and the category bands.',
  },
  { title: 'Working group scoring minutes (demo)', access: 'Admin', summary: 'Internal notes of the scoring panel; administrators only.' },
];

const ACID: ReadonlyArray<{ title: string; access: AcidAccess; summary: string }> = [
  {
    title: 'ACID insolvency practice guide (demo)',
    access: 'Public',
    summary: "Alternative A remedies, waiting periods and the insolvency administrator's duties, explained.",
  },
  {
    title: 'ACID restricted case digest (demo)',
    access: 'Private',
    summary: 'Summaries of insolvency proceedings involving aircraft objects; restricted to ACID users.',
  },
];

/** What seeding takes: what storing documents takes, a renderer for the demo PDFs, and a log for a seed that could not run. */
export interface SeedDeps extends FileDeps {
  readonly renderer: Renderer;
  readonly log: CleanupLog & { warn(obj: object, msg: string): void };
}

/** A one-page demo PDF made by the renderer, so the seeded files are real documents. */
async function demoPdf(renderer: Renderer, title: string, summary: string): Promise<CheckedFile> {
  const html = printablePage(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(summary)}</p><p class="muted">Demo data generated for the local platform; not a real publication.</p>`,
  );
  return {
    fileName: `${title.replace(/[^A-Za-z0-9 ]+/g, '').trim()}.pdf`,
    extension: 'pdf',
    contentType: 'application/pdf',
    data: await renderPdf(renderer, html),
  };
}

/** Demo supporting and ACID documents, added through the same use-cases as the admin pages; idempotent by title. */
export async function seedDemoDocuments(deps: SeedDeps): Promise<void> {
  const existing = new Set(await documentTitles(deps.db));
  try {
    for (const doc of SUPPORTING.filter((d) => !existing.has(d.title))) {
      const { s3Name } = await storeCheckedFile(
        deps,
        await demoPdf(deps.renderer, doc.title, doc.summary),
        'document',
        null,
        async () => undefined,
      );
      await addSupportingDocument(deps, { Title: doc.title, Access: doc.access, CountryId: null, S3Name: s3Name }, null);
    }
    for (const doc of ACID.filter((d) => !existing.has(d.title))) {
      await uploadAcidDocument(deps, await demoPdf(deps.renderer, doc.title, doc.summary), { title: doc.title, access: doc.access }, null);
    }
  } catch (err) {
    // without a working browser the service still serves; the demo files come on the next start
    deps.log.warn({ err }, 'demo documents were not created');
  }
}
