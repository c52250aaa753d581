import { HistoricalDataRoles, isAdminPrincipal, satisfiesRule } from '@cti/access';
import {
  ErrorBody,
  FILTER_SUGGESTION_LIMIT,
  FilterBody,
  FilterKeyParam,
  FilterListQuery,
  FilterSuggestions,
  type FilterKey,
} from '@cti/contracts';
import { Forbidden, principalOf } from '@cti/service-kit';

import type { AuditExecutor, AuditApp } from '../db';

import { columnSuggestions, descriptionSuggestions } from './filter-values';
import { scoredCountrySuggestions, scoreSuggestions, yearSuggestions } from './score-suggestions';

const historicalData = { match: 'or', roles: HistoricalDataRoles } as const;

/** Merges two suggestion lists, each sorted, without repeats. */
const merged = (a: string[], b: string[], limit: number) => [...new Set([...a, ...b])].sort((x, y) => x.localeCompare(y)).slice(0, limit);

/**
 * POST api/filter/{key}: suggestions for the filter component. The audit
 * keys (Action, Country as user group, Name, Value) are the admin's; the score keys
 * (Year, Score, Country) the historical-data page's. Country serves both lists: `list`
 * picks one, else admins get both merged.
 */
export async function filterRoutes(app: AuditApp) {
  app.post(
    '/api/filter/:key',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['audit'],
        summary: 'Filter suggestions for a field',
        params: FilterKeyParam,
        querystring: FilterListQuery,
        body: FilterBody,
        response: { 200: FilterSuggestions, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const principal = principalOf(request.principal!);
      const admin = isAdminPrincipal(principal);
      const scoresReader = satisfiesRule(principal, historicalData);
      const text = typeof request.body === 'string' && request.body.trim() ? request.body.trim() : null;
      const db = app.db;
      const key = request.params.key as FilterKey;
      const list = request.query.list;
      return suggestionsFor(db, key, text, { admin, scoresReader, list });
    },
  );
}

async function suggestionsFor(
  db: AuditExecutor,
  key: FilterKey,
  text: string | null,
  who: { admin: boolean; scoresReader: boolean; list?: 'audit' | 'scores' },
): Promise<string[]> {
  switch (key) {
    case 'Action':
    case 'Name':
      if (!who.admin) throw new Forbidden();
      return columnSuggestions(db, key, text);
    case 'Value':
      if (!who.admin) throw new Forbidden();
      return descriptionSuggestions(db, text);
    case 'Year':
      if (!who.scoresReader) throw new Forbidden();
      return yearSuggestions(db, text);
    case 'Score':
      if (!who.scoresReader) throw new Forbidden();
      return scoreSuggestions(db, text);
    case 'Country': {
      const audit = who.admin && who.list !== 'scores';
      const scores = who.scoresReader && who.list !== 'audit';
      if (!audit && !scores) throw new Forbidden();
      const [groups, countries] = await Promise.all([
        audit ? columnSuggestions(db, 'Country', text) : [],
        scores ? scoredCountrySuggestions(db, text) : [],
      ]);
      return merged(groups, countries, FILTER_SUGGESTION_LIMIT);
    }
  }
}
