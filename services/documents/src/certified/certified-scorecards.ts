import { createHash } from 'node:crypto';

import { canDownloadCft } from '@cti/access';
import { DocumentAnswers, type AccessClaims, type CertificateVerification } from '@cti/contracts';
import { actorFromClaims, appendToOutbox, type DataAccess, Forbidden, NotFound, principalOf } from '@cti/service-kit';

import type { DocumentsDB, DocumentsExecutor } from '../db';
import { renderPdf, type Renderer } from '../rendering/render-plugin';

import { certificateFooter } from './certificate-stamp';
import { holdsOrder } from './orders';
import { findCertificateByCode, insertCertificate, laterDifferentCertificate } from './repository';
import { newVerificationCode, normalizeVerificationCode } from './verification-code';

/** The parts of scoring's scorecard a certificate states and watches for change. */
const CERTIFIED_FACTS = [
  'Name',
  'Period',
  'PeriodId',
  'Score',
  'Category',
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'ASU',
  'isPBA',
  'PBA',
  'Suspended',
  'Watchlist',
  'QualifyingDeclarations',
  'IsSpecialNotice',
  'Notice',
] as const;

type ScorecardJson = Partial<Record<(typeof CERTIFIED_FACTS)[number], unknown>> & {
  Name?: string;
  Period?: string | null;
  PeriodId?: string | null;
  Score?: number | null;
  Category?: string | null;
};

/** SHA-256 of the certified facts in a fixed order: the same scorecard always hashes the same. */
export function scorecardHash(scorecard: ScorecardJson): string {
  const facts = CERTIFIED_FACTS.map((key) => [key, scorecard[key] ?? null]);
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex');
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const scorecardPath = (groupId: string) => `/internal/scorecards/${encodeURIComponent(groupId)}`;

/** scoring's internal routes, called on behalf of one request (its request id travels along). */
export type CallScoring = <T>(path: string, options?: { timeoutMs?: number }) => Promise<T>;

/** What issuing a certificate takes: data access (and the clock it is dated by), scoring, a renderer, and the public address its QR points to. */
export interface CertificateIssueDeps extends DataAccess<DocumentsDB> {
  readonly callScoring: CallScoring;
  readonly renderer: Renderer;
  readonly publicUrl: string;
}

/** What verifying a code takes: the certificates, scoring, and a log for a scoring outage. */
export interface CertificateVerifyDeps {
  readonly db: DocumentsExecutor;
  readonly callScoring: CallScoring;
  readonly log: { warn(obj: object, msg: string): void };
}

/**
 * `GET /api/print/cft/{groupId}`: scoring's compliance scorecard rendered as a certified
 * PDF stamped with issue date, period, a verification code and its QR; the PDF's hash is
 * recorded so the verification page can tell a genuine file from an altered one. The CFT
 * roles get any country; a single-country order only its country for the period it was
 * ordered in (checked against the period the scorecard shows, before anything is rendered).
 */
export async function issueCertifiedScorecard(
  deps: CertificateIssueDeps,
  claims: AccessClaims,
  groupId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const db = deps.db;
  const byOrder = !canDownloadCft(principalOf(claims));
  if (byOrder && !(await holdsOrder(db, claims.sub, groupId))) throw new Forbidden(DocumentAnswers.cftNotOrdered);
  const scorecard = await deps.callScoring<ScorecardJson>(scorecardPath(groupId));
  if (byOrder && !(await holdsOrder(db, claims.sub, groupId, scorecard.PeriodId ?? null)))
    throw new Forbidden(DocumentAnswers.cftNotOrdered);
  const html = await deps.callScoring<string>(`${scorecardPath(groupId)}/html?variant=compliance`);
  const country = scorecard.Name ?? 'Country';
  const period = scorecard.Period ?? 'current period';
  const code = newVerificationCode();
  const issuedAt = deps.clock.now().toISOString();
  const verifyUrl = `${deps.publicUrl.replace(/\/$/, '')}/verify/${code}`;
  const pdf = await renderPdf(deps.renderer, html, { footerHtml: await certificateFooter({ code, country, period, issuedAt, verifyUrl }) });
  const pdfSha256 = sha256(pdf);
  const score = typeof scorecard.Score === 'number' ? scorecard.Score : null;
  const category = scorecard.Category ?? null;

  await deps.inTransaction(async (trx) => {
    await insertCertificate(trx, {
      code,
      groupId,
      groupName: country,
      periodName: period,
      score,
      category,
      scorecardHash: scorecardHash(scorecard),
      pdfSha256,
      issuedTo: claims.sub,
      issuedAt,
    });
    await appendToOutbox(trx, {
      type: 'evt.documents.certifiedScorecard.downloaded',
      actor: actorFromClaims(claims),
      data: { code, groupId, groupName: country, periodName: period, score, category, sha256: pdfSha256, issuedAt },
    });
  });
  return { pdf, fileName: `${country} Certified Scorecard ${period}.pdf` };
}

const findCertificate = async (db: DocumentsExecutor, rawCode: string) => {
  const code = normalizeVerificationCode(rawCode);
  const row = code ? await findCertificateByCode(db, code) : undefined;
  if (!row) throw new NotFound(DocumentAnswers.unknownCertificate);
  return row;
};

/**
 * `GET api/document/verify/{code}` (public): whether the code was issued, what it certifies,
 * and whether the country's scorecard has changed since (compared with scoring's current
 * scorecard; when scoring cannot answer, with later certificates of the same country).
 */
export async function verifyCertificate(deps: CertificateVerifyDeps, rawCode: string): Promise<CertificateVerification> {
  const row = await findCertificate(deps.db, rawCode);
  let supersededBy: CertificateVerification['SupersededBy'] = null;
  try {
    const current = await deps.callScoring<ScorecardJson>(scorecardPath(row.groupId), { timeoutMs: 5000 });
    if (scorecardHash(current) !== row.scorecardHash) {
      supersededBy = {
        Period: current.Period ?? row.periodName,
        Score: typeof current.Score === 'number' ? current.Score : null,
        Category: current.Category ?? null,
      };
    }
  } catch (err) {
    deps.log.warn({ err }, 'scoring did not answer; superseding judged from later certificates');
    const later = await laterDifferentCertificate(deps.db, row);
    if (later) supersededBy = { Period: later.periodName, Score: later.score, Category: later.category };
  }
  return {
    Code: row.code,
    GroupId: row.groupId,
    Country: row.groupName,
    Period: row.periodName,
    IssuedOn: row.issuedAt,
    Score: row.score,
    Category: row.category,
    Sha256: row.pdfSha256,
    Superseded: supersededBy !== null,
    SupersededBy: supersededBy,
  };
}

/** `POST api/document/verify/{code}/file` (public): is this PDF byte for byte the one issued with the code? */
export async function checkCertificateFile(
  db: DocumentsExecutor,
  rawCode: string,
  data: Buffer,
): Promise<{ Matches: boolean; Sha256: string }> {
  const row = await findCertificate(db, rawCode);
  const digest = sha256(data);
  return { Matches: digest === row.pdfSha256, Sha256: digest };
}
