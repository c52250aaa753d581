import type { EventData, ScorecardFacts } from '@cti/contracts';
import { explainScoreChange, formatMove, formatPoints, pbaLevel, pbaLevelName, type Category, type ScoredInputs } from '@cti/scoring-rules';

import type { AlertPart, DocumentVisibility } from '../db';

/** A change worth telling followers: its parts, the country, and where to read more. */
export interface ChangeDraft {
  groupId: string | null;
  parts: AlertPart[];
  document: DocumentVisibility | null;
  link: string;
}

const inputsOf = (f: ScorecardFacts): ScoredInputs => ({
  A: f.A,
  B: f.B,
  C: f.C,
  D: f.D,
  E: f.E,
  F: f.F,
  isPBA: f.isPBA,
  PBA: f.PBA,
  Score: f.score,
  Category: f.category as Category,
});

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
/** A notice (sanitized HTML) as a short plain line. */
export function noticeText(html: string | null | undefined, max = 140): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => entities[e])
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const withNotice = (text: string, notice: string | null) => {
  const clipped = noticeText(notice);
  return clipped ? `${text}: ${clipped}` : text;
};

/**
 * "score 72.5 → 77.5 (A 4→5, +5.0, Medium → High)": each variable that moved and the
 * points it moved, a change of precedent adjustment, and the category change, in the
 * explained history's wording.
 */
export function explainedScoreText(before: ScorecardFacts, after: ScorecardFacts): { text: string; detail: string } {
  const e = explainScoreChange(inputsOf(before), inputsOf(after));
  const category = e.categoryFrom !== e.categoryTo ? `${e.categoryFrom} → ${e.categoryTo}` : null;
  const why = [
    ...e.moves.map((m) => formatMove(m)),
    ...(e.levelFrom !== e.levelTo
      ? [`precedent adjustment ${pbaLevelName(e.levelFrom)} → ${pbaLevelName(e.levelTo)}, ${formatPoints(e.levelPoints)}`]
      : []),
    ...(category ? [category] : []),
  ];
  const head = `score ${before.score} → ${after.score}`;
  return { text: category ? `${head}, ${category}` : head, detail: why.length ? `${head} (${why.join(', ')})` : head };
}

/**
 * What followers of a country are told when its scorecard changed: a new period's scores,
 * the score or category (and why), the watchlist, a special notice, a precedent-based
 * score adjustment, a suspension, the ASU eligibility. Nothing when readers see no change.
 */
export function scorecardChange(groupId: string, before: ScorecardFacts | null, after: ScorecardFacts | null): ChangeDraft | null {
  if (!after) return null;
  const parts: AlertPart[] = [];
  if (!before || before.periodId !== after.periodId) {
    parts.push({ kind: 'period', audience: 'scorecard', text: `${after.periodName} scores released: ${after.score} (${after.category})` });
  }
  if (before && (before.score !== after.score || before.category !== after.category)) {
    const { text, detail } = explainedScoreText(before, after);
    parts.push({ kind: before.category !== after.category ? 'category' : 'score', audience: 'scorecard', text, detail });
  }
  if (!!before?.watchlist !== after.watchlist) {
    parts.push({
      kind: 'watchlist',
      audience: 'watchlist',
      text: after.watchlist ? withNotice('placed on the watchlist', after.notice) : 'removed from the watchlist',
    });
  } else if (after.watchlist && before && before.notice !== after.notice && !after.isSpecialNotice) {
    parts.push({ kind: 'watchlist', audience: 'watchlist', text: withNotice('watchlist notice updated', after.notice) });
  }
  if (after.isSpecialNotice && (!before?.isSpecialNotice || before.notice !== after.notice)) {
    parts.push({ kind: 'notice', audience: 'scorecard', text: withNotice('special notice published', after.notice) });
  } else if (before?.isSpecialNotice && !after.isSpecialNotice) {
    parts.push({ kind: 'notice', audience: 'scorecard', text: 'special notice withdrawn' });
  }
  const levelFrom = before ? pbaLevel(before.isPBA, before.PBA) : 0;
  const levelTo = pbaLevel(after.isPBA, after.PBA);
  if (before && levelFrom !== levelTo) {
    parts.push({
      kind: 'adjustment',
      audience: 'details',
      text: `score adjustment notice: precedent adjustment ${pbaLevelName(levelFrom)} → ${pbaLevelName(levelTo)}`,
    });
  }
  if (!!before?.suspended !== after.suspended) {
    parts.push({ kind: 'suspension', audience: 'scorecard', text: after.suspended ? 'suspended' : 'no longer suspended' });
  }
  if (after.asu && (before?.asu ?? null) !== after.asu) {
    parts.push({
      kind: 'asu',
      audience: 'scorecard',
      text: before?.asu ? `ASU eligibility ${before.asu} → ${after.asu}` : `ASU eligibility: ${after.asu}`,
    });
  }
  if (!parts.length) return null;
  const toNotices = parts.some((p) => p.kind === 'watchlist' || p.kind === 'notice');
  return { groupId, parts, document: null, link: `/index/${groupId}${toNotices ? '#notices' : ''}` };
}

/**
 * A new supporting or ACID document. A supporting document of a country is told to that
 * country's followers; one of no country, and ACID documents, to every follower; each
 * only to those who may read it.
 */
export function documentChange(d: EventData<'evt.documents.document.added'>): ChangeDraft | null {
  if (d.kind === 'annotation') return null;
  const acid = d.kind === 'acid';
  const groupId = acid ? null : d.groupId;
  return {
    groupId,
    parts: [{ kind: 'document', audience: 'document', text: `new ${acid ? 'ACID' : 'supporting'} document “${d.title}”` }],
    document: { kind: acid ? 'acid' : 'supporting', access: d.access, groupId },
    link: acid ? '/acid-documents' : '/documents',
  };
}
