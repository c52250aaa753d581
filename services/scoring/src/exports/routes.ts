import type { FastifyReply, FastifyRequest } from 'fastify';

import { RouteRules, canExportEverything, canSeeWatchlist, type Principal } from '@cti/access';
import {
  CompareExportQuery,
  ExportMessages,
  ExportQuery,
  IndexExportRoutes,
  ScoringMessages,
  type AsuRow,
  type EnforceabilityRow,
  type EnforceabilityScorecard,
  type ExportFormat,
  type GroupIndexRow,
  type HistoricalScoreRow,
  type ScoreHistoryRow,
  type Scorecard,
} from '@cti/contracts';
import { Forbidden, NotFound, principalOf, Type } from '@cti/service-kit';

import type { ScoringContext } from '../context';
import type { ScoringApp } from '../db';
import { latestPeriodName } from '../periods/repository';
import { attachment } from '../print/content-disposition';
import { ReadModelKeys } from '../read-models/build';
import { comparedGroupIds, compareCountries, countryModelsIn } from '../read-models/compare';
import { asuListFor, indexListFor, listAudience } from '../read-models/views';

import { everythingZip } from './everything';
import {
  asuTable,
  compareTable,
  enforceabilityTable,
  historicalTable,
  indexListTable,
  mayExportHistory,
  scoreHistoryTable,
  type ExportTable,
} from './tables';
import { CONTENT_TYPES, csvStream, safeFileName, xlsxBuffer } from './writers';

const GroupParam = Type.Object({ groupId: Type.String({ minLength: 1, maxLength: 100 }) });
const principal = (request: FastifyRequest): Principal => principalOf(request.principal!);

/**
 * Exports of the index data as CSV or Excel, and the full ZIP (index list, country score
 * history, historical data, enforceability index, ASU). Each answers only to those who
 * may open the matching screen and holds only what that screen would show them: the
 * same route rules and the same libs/access per-country rules as the read routes.
 */
export async function exportRoutes(app: ScoringApp, { ctx }: { ctx: ScoringContext }) {
  const { cache, settings } = ctx;
  const db = app.db;
  const index = app.requireRule(RouteRules.index);

  const stored = async <T>(key: string): Promise<T | null> => (await cache.get(key))?.value<T>() ?? null;
  const required = async <T>(key: string, missing: string = ScoringMessages.countryFailed): Promise<T> => {
    const value = await stored<T>(key);
    if (value === null) throw new NotFound(missing);
    return value;
  };

  /** Sends a table: CSV streamed row by row, Excel with its length (so the browser can show progress). */
  const send = async (reply: FastifyReply, table: ExportTable, name: string, format: ExportFormat) => {
    const filename = `${safeFileName(name)}.${format}`;
    reply.type(CONTENT_TYPES[format]).header('Content-Disposition', attachment(filename)).header('Cache-Control', 'no-store');
    if (format === 'csv') return reply.send(csvStream(table));
    const book = await xlsxBuffer(table);
    return reply.header('Content-Length', book.length).send(book);
  };

  const withPeriod = (title: string, period: string | null) => (period ? `${title} ${period}` : title);
  const periodOf = (rows: ReadonlyArray<{ PeriodId: string | null }>) =>
    latestPeriodName(
      db,
      rows.flatMap((r) => (r.PeriodId ? [r.PeriodId] : [])),
    );

  const schema = (summary: string) => ({ tags: ['exports'], summary, querystring: ExportQuery });

  /** The pieces every export of a list shares: the stored rows narrowed for the person. */
  const indexRows = async (p: Principal) => {
    const rows = await required<GroupIndexRow[]>(ReadModelKeys.indexList, 'The index is being prepared. Please try again shortly.');
    return listAudience(p) === 'all' ? rows : indexListFor(p)(rows);
  };
  const asuRows = async (p: Principal) => {
    const rows = await required<AsuRow[]>(ReadModelKeys.asu, 'The index is being prepared. Please try again shortly.');
    return listAudience(p) === 'all' ? rows : (asuListFor(p)(rows) as AsuRow[]);
  };
  const scorecardOf = (groupId: string) => stored<Scorecard>(ReadModelKeys.scorecard(groupId));
  const enforceabilityCardOf = (groupId: string) => stored<EnforceabilityScorecard>(ReadModelKeys.enforceability(groupId));

  app.get(
    `/api${IndexExportRoutes.list.path}`,
    { preHandler: index, schema: schema(IndexExportRoutes.list.summary) },
    async (request, reply) => {
      const p = principal(request);
      const rows = await indexRows(p);
      return send(reply, indexListTable(p, rows, scorecardOf), withPeriod('Compliance Index', await periodOf(rows)), request.query.format);
    },
  );

  app.get(
    `/api${IndexExportRoutes.enforceability.path}`,
    { preHandler: index, schema: schema(IndexExportRoutes.enforceability.summary) },
    async (request, reply) => {
      const p = principal(request);
      const rows = await required<EnforceabilityRow[]>(ReadModelKeys.enforceabilityList);
      return send(
        reply,
        enforceabilityTable(p, rows, enforceabilityCardOf),
        withPeriod('Enforceability Index', await periodOf(rows)),
        request.query.format,
      );
    },
  );

  app.get(
    `/api${IndexExportRoutes.history.path}`,
    { preHandler: app.requireRule(RouteRules.historicalData), schema: schema(IndexExportRoutes.history.summary) },
    async (request, reply) => {
      const rows = await required<HistoricalScoreRow[]>(ReadModelKeys.history);
      return send(reply, historicalTable(rows), withPeriod('Historical data', await periodOf(rows)), request.query.format);
    },
  );

  app.get(
    '/api/group/index/export/compare',
    {
      preHandler: app.requireRule(RouteRules.historicalData),
      schema: {
        tags: ['exports'],
        summary: 'The compare view (up to eight countries, every period) as CSV or Excel',
        querystring: CompareExportQuery,
      },
    },
    async (request, reply) => {
      const view = await compareCountries(comparedGroupIds(request.query.groups), countryModelsIn(cache), principal(request), settings);
      return send(reply, compareTable(view), `Compared countries ${view.Countries.map((c) => c.Name).join(', ')}`, request.query.format);
    },
  );

  app.get(
    `/api${IndexExportRoutes.asu.path}`,
    { preHandler: index, schema: schema(IndexExportRoutes.asu.summary) },
    async (request, reply) => {
      const p = principal(request);
      const [rows, indexList] = await Promise.all([asuRows(p), indexRows(p)]);
      return send(reply, asuTable(rows), withPeriod('ASU assessment', await periodOf(indexList)), request.query.format);
    },
  );

  app.get(
    `/api${IndexExportRoutes.scores.path}`,
    { preHandler: index, schema: { ...schema(IndexExportRoutes.scores.summary), params: GroupParam } },
    async (request, reply) => {
      const p = principal(request);
      const card = await required<Scorecard>(ReadModelKeys.scorecard(request.params.groupId));
      if (!mayExportHistory(p, card, settings)) throw new Forbidden();
      const rows = await required<ScoreHistoryRow[]>(ReadModelKeys.scores(card.GroupId), ScoringMessages.historyFailed);
      const table = scoreHistoryTable(rows, canSeeWatchlist(p, { groupId: card.GroupId, countryId: card.CountryId }));
      return send(reply, table, withPeriod(`${card.Name} score history`, await periodOf(rows)), request.query.format);
    },
  );

  app.get(
    `/api${IndexExportRoutes.everything.path}`,
    {
      preHandler: index,
      schema: { tags: ['exports'], summary: IndexExportRoutes.everything.summary },
    },
    async (request, reply) => {
      const p = principal(request);
      if (!canExportEverything(p)) throw new Forbidden(ExportMessages.everythingForbidden);
      const rows = await indexRows(p);
      const period = await periodOf(rows);
      const enforceability = await required<EnforceabilityRow[]>(ReadModelKeys.enforceabilityList);
      const history = await required<HistoricalScoreRow[]>(ReadModelKeys.history);
      const asu = await asuRows(p);
      const countries = rows.filter((r) => mayExportHistory(p, { GroupId: r.GroupId, CountryId: r.CountryId }, settings));
      const zip = everythingZip(
        [
          { name: 'Compliance Index', table: indexListTable(p, rows, scorecardOf) },
          { name: 'Enforceability Index', table: enforceabilityTable(p, enforceability, enforceabilityCardOf) },
          { name: 'Historical data', table: historicalTable(history) },
          { name: 'ASU assessment', table: asuTable(asu) },
        ],
        (async function* () {
          for (const country of countries) {
            const scores = await stored<ScoreHistoryRow[]>(ReadModelKeys.scores(country.GroupId));
            if (!scores?.length) continue;
            yield {
              name: `${country.Group} score history`,
              table: scoreHistoryTable(scores, canSeeWatchlist(p, { groupId: country.GroupId, countryId: country.CountryId })),
            };
          }
        })(),
        request.log,
      );
      return reply
        .type(CONTENT_TYPES.zip)
        .header('Content-Disposition', attachment(`${safeFileName(withPeriod('Compliance Index data', period))}.zip`))
        .header('Cache-Control', 'no-store')
        .send(zip);
    },
  );
}
