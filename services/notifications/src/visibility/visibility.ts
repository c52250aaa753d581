import {
  canOpenScorecard,
  canReadAcidDocument,
  canSeeScorecardDetails,
  canSeeSupportingDocument,
  canSeeWatchlist,
  type IndexAccessSettings,
  type Principal,
} from '@cti/access';
import type { AlertKind } from '@cti/contracts';

import type { CountryFacts } from '../countries/repository';
import type { AlertPart, DocumentVisibility } from '../db';

/** A stored change as an alert shows it. */
export interface StoredChange {
  groupId: string | null;
  parts: AlertPart[];
  document: DocumentVisibility | null;
}

export interface RenderedAlert {
  line: string;
  kinds: AlertKind[];
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What one person may be told of a change, in one line, or null when nothing: never a
 * country they may not open (index rules of libs/access, as they stand for this person
 * now), the watchlist only to those who see it, the why of a score only to those who see
 * the scorecard's details, a document only to those who may read it.
 */
export function renderAlert(
  p: Principal,
  change: StoredChange,
  country: CountryFacts | null,
  settings: IndexAccessSettings,
): RenderedAlert | null {
  if (change.groupId) {
    if (!country || !canOpenScorecard(p, country, settings)) return null;
  }
  const details = !!country && canSeeScorecardDetails(p, country);
  const shown: Array<{ kind: AlertKind; text: string }> = [];
  for (const part of change.parts) {
    switch (part.audience) {
      case 'scorecard':
        shown.push({ kind: part.kind, text: details && part.detail ? part.detail : part.text });
        break;
      case 'watchlist':
        if (country && canSeeWatchlist(p, country)) shown.push({ kind: part.kind, text: part.text });
        break;
      case 'details':
        if (details) shown.push({ kind: part.kind, text: part.text });
        break;
      case 'document': {
        const doc = change.document;
        const readable =
          !!doc &&
          (doc.kind === 'acid' ? canReadAcidDocument(p) : canSeeSupportingDocument(p, { access: doc.access, countryId: doc.groupId }));
        if (readable) shown.push({ kind: part.kind, text: part.text });
        break;
      }
    }
  }
  if (!shown.length) return null;
  const text = shown.map((s) => s.text).join('; ');
  return { line: country ? `${country.name}: ${text}` : capitalized(text), kinds: [...new Set(shown.map((s) => s.kind))] };
}
