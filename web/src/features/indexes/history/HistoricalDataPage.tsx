import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { canChartHistories } from '@cti/access';
import { ExportPaths, MAX_COMPARED_COUNTRIES, type HistoricalScoreRow } from '@cti/contracts';
import { averageByPeriod, periodsInOrder } from '@cti/scoring-rules';

import { usePrincipal } from '../../../app/hooks';
import { Button, SelectField } from '../../../components/form/fields';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { useToast } from '../../../components/toast/use-toast';
import { SERIES_COLOURS } from '../charts/chart-text';
import { LineChart } from '../charts/LineChart';
import { categoryClass } from '../components/CategoryBadge';
import { CountryFlag } from '../components/CountryFlag';
import { ChartSketch, LockedSection } from '../components/LockedSection';
import { ExportButtons } from '../exports/ExportButtons';

import { historiesOf } from './histories';
import { useHistoricalScoresQuery, useScoreFilterSuggestionsQuery } from './history-api';
import '../indexes.css';

type Key = 'Score' | 'Year' | 'Country';
interface Filter {
  key: Key;
  value: string;
}

const valueOf = (row: HistoricalScoreRow, key: Key) =>
  key === 'Score' ? String(row.Score) : key === 'Year' ? String(row.Year ?? '') : row.Country;
const matches = (row: HistoricalScoreRow, f: Filter) =>
  f.key === 'Country' ? row.Country.toLowerCase().includes(f.value.toLowerCase()) : valueOf(row, f.key) === f.value.trim();

/** Within one key any value may match; across keys all must (as the audit log's filters). */
export function applyFilters(rows: HistoricalScoreRow[], filters: Filter[]): HistoricalScoreRow[] {
  const keys = [...new Set(filters.map((f) => f.key))];
  return rows.filter((row) => keys.every((key) => filters.filter((f) => f.key === key).some((f) => matches(row, f))));
}

/** One country's row of the table: its score in each period shown. */
export interface CountryHistory {
  GroupId: string;
  Country: string;
  CountryId: string | null;
  LogoPath: string | null;
  /** Score and category by period id. */
  scores: Map<string, { Score: number; Category: string }>;
  /** Its score in the newest period shown where it was scored, for sorting. */
  latest: number | null;
}

/** The periods in order (oldest first) and one row per country, by name. */
export function pivotHistory(rows: readonly HistoricalScoreRow[]): {
  periods: Array<{ id: string; name: string }>;
  countries: CountryHistory[];
} {
  const histories = historiesOf(rows);
  const periods = periodsInOrder(histories).map((p) => ({ id: p.PeriodId, name: p.Period }));
  const countries = histories.map((list): CountryHistory => {
    const scores = new Map(list.map((r) => [r.PeriodId, { Score: r.Score, Category: r.Category }]));
    const newest = [...periods].reverse().find((p) => scores.has(p.id));
    const r = list[0];
    return {
      GroupId: r.GroupId,
      Country: r.Country,
      CountryId: r.CountryId,
      LogoPath: r.LogoPath,
      scores,
      latest: newest ? scores.get(newest.id)!.Score : null,
    };
  });
  return { periods, countries: countries.sort((a, b) => a.Country.localeCompare(b.Country)) };
}

/**
 * /historicalData (Admin, Enhanced, Standard, AWGMember): a chart of the scores over the
 * periods (the average of the scored countries, the range from the lowest to the highest,
 * and the countries ticked in the table; for the roles of the historical charts) above one
 * row per country with its score in each period, filtered by Score, Year and Country with
 * suggestions from `api/filter/{key}`. The ticked countries open in the compare view.
 */
export default function HistoricalDataPage() {
  const principal = usePrincipal();
  const { data: rows = [], isLoading } = useHistoricalScoresQuery();
  const [filters, setFilters] = useState<Filter[]>([]);
  const [key, setKey] = useState<Key>('Country');
  const [text, setText] = useState('');
  const [ticked, setTicked] = useState<string[]>([]);
  const listId = useId();
  const toast = useToast();
  const { data: suggestions = [] } = useScoreFilterSuggestionsQuery({ key, text });

  const all = useMemo(() => pivotHistory(rows), [rows]);
  const shown = useMemo(() => pivotHistory(applyFilters(rows, filters)), [rows, filters]);
  const averages = useMemo(() => averageByPeriod(rows), [rows]);
  const add = () => {
    const value = text.trim();
    if (!value) {
      toast.danger('Enter a valid filter first', 4000);
      return;
    }
    if (!filters.some((f) => f.key === key && f.value === value)) setFilters([...filters, { key, value }]);
    setText('');
  };
  const toggle = (groupId: string) =>
    setTicked((now) => (now.includes(groupId) ? now.filter((id) => id !== groupId) : [...now, groupId].slice(-MAX_COMPARED_COUNTRIES)));
  const tickedCountries = ticked.flatMap((id) => all.countries.find((c) => c.GroupId === id) ?? []);
  const compareLink = `/historicalData/compare?countries=${tickedCountries.map((c) => c.CountryId?.toUpperCase() ?? c.GroupId).join(',')}`;

  const columns = useMemo<ColumnDef<CountryHistory, any>[]>(
    () => [
      {
        id: 'Chart',
        header: () => <span className="visually-hidden">Chart and compare</span>,
        enableSorting: false,
        cell: (c) => (
          <input
            type="checkbox"
            checked={ticked.includes(c.row.original.GroupId)}
            onChange={() => toggle(c.row.original.GroupId)}
            aria-label={`Chart and compare ${c.row.original.Country}`}
          />
        ),
      },
      {
        id: 'Country',
        accessorKey: 'Country',
        header: 'Country',
        cell: (c) => (
          <Link to={`/index/${c.row.original.GroupId}`}>
            <CountryFlag logoPath={c.row.original.LogoPath} countryId={c.row.original.CountryId} name={c.row.original.Country} />
          </Link>
        ),
      },
      ...shown.periods.map((p): ColumnDef<CountryHistory, any> => ({
        id: p.id,
        header: p.name,
        accessorFn: (r) => r.scores.get(p.id)?.Score ?? -1,
        sortDescFirst: true,
        cell: (c) => {
          const score = c.row.original.scores.get(p.id);
          return score ? (
            <span className="history-score" title={score.Category}>
              <span className={`category-dot ${categoryClass(score.Category)}`} aria-hidden="true" />
              <span className="score-value">{score.Score}</span>
              <span className="visually-hidden">, {score.Category}</span>
            </span>
          ) : (
            <span className="muted">—</span>
          );
        },
      })),
    ],

    [shown.periods, ticked],
  );

  const charted = !!principal && canChartHistories(principal);
  const scoresOf = (c: CountryHistory) => all.periods.map((p) => c.scores.get(p.id)?.Score ?? null);
  const range = all.periods.map((p) =>
    all.countries.flatMap((c) => ((c.scores.get(p.id)?.Score ?? 0) > 0 ? [c.scores.get(p.id)!.Score] : [])),
  );

  return (
    <section className="indexes" aria-labelledby="historical-title">
      <PageHeader
        title="Historical data"
        titleId="historical-title"
        eyebrow="Compliance Index"
        actions={
          <div className="cluster">
            <Link className="button button-secondary" to="/historicalData/compare">
              Compare countries
            </Link>
            <Link className="button button-secondary" to="/historicalData/map">
              Map
            </Link>
            <ExportButtons path={ExportPaths.history} title="Historical data" />
          </div>
        }
      />
      {charted ? (
        all.periods.length > 0 && (
          <figure className="history-overview">
            <LineChart
              periods={all.periods.map((p) => p.name)}
              series={[
                {
                  key: 'average',
                  label: `Average ${averages.get(all.periods.at(-1)!.id) ?? ''}`,
                  short: 'Avg',
                  keyText: 'Average of the scored countries (the band: lowest to highest)',
                  colour: '#5a6775',
                  dashed: true,
                  values: all.periods.map((p) => averages.get(p.id) ?? null),
                },
                ...tickedCountries.map((c, i) => ({
                  key: c.GroupId,
                  label: `${c.Country} ${c.latest ?? ''}`,
                  short: c.CountryId?.toUpperCase() ?? c.Country,
                  keyText: c.Country,
                  colour: SERIES_COLOURS[i % SERIES_COLOURS.length],
                  values: scoresOf(c),
                })),
              ]}
              band={{
                low: range.map((r) => (r.length ? Math.min(...r) : null)),
                high: range.map((r) => (r.length ? Math.max(...r) : null)),
                colour: '#8a96a3',
              }}
              max={100}
              ticks={[0, 25, 50, 75, 100]}
              axisLabel="Score (0 to 100)"
              label={`Scores per period, 0 to 100: the average of the scored countries, the range from lowest to highest${tickedCountries.length ? `, ${tickedCountries.map((c) => c.Country).join(', ')}` : ''}`}
              keyLabel="Lines"
            />
            <figcaption className="muted">
              The dashed line is the average of the scored countries, the band the range from the lowest score to the highest.{' '}
              {tickedCountries.length === 0 ? 'Tick countries in the table to draw them.' : null}
            </figcaption>
          </figure>
        )
      ) : (
        <LockedSection
          id="history-chart"
          title="Chart of the scores over time"
          holds="Every period's average and range of scores, with the countries you choose drawn against them."
          allowed={canChartHistories}
          preview={<ChartSketch />}
        />
      )}
      {tickedCountries.length > 0 && (
        <p className="cluster history-ticked" role="status">
          <span>
            {tickedCountries.length} {tickedCountries.length === 1 ? 'country' : 'countries'} ticked
            {tickedCountries.length >= MAX_COMPARED_COUNTRIES ? ` (at most ${MAX_COMPARED_COUNTRIES})` : ''}.
          </span>
          <Link className="button button-primary button-small" to={compareLink}>
            Compare {tickedCountries.map((c) => c.Country).join(', ')}
          </Link>
          <Button variant="link" onClick={() => setTicked([])}>
            Clear
          </Button>
        </p>
      )}
      <form
        className="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <SelectField label="Filter by" value={key} onChange={(e) => setKey(e.target.value as Key)}>
          <option value="Country">Country</option>
          <option value="Year">Year</option>
          <option value="Score">Score</option>
        </SelectField>
        <div className="field">
          <label htmlFor={`${listId}-value`}>Value</label>
          <input
            id={`${listId}-value`}
            list={`${listId}-suggestions`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
          <datalist id={`${listId}-suggestions`}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </div>
        <Button type="submit">Add filter</Button>
      </form>
      {filters.length > 0 && (
        <ul className="cluster filter-chips" aria-label="Filters">
          {filters.map((f) => (
            <li key={`${f.key}:${f.value}`} className="badge">
              {f.key}: {f.value}{' '}
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove filter ${f.key} ${f.value}`}
                onClick={() => setFilters(filters.filter((x) => x !== f))}
              >
                ×
              </button>
            </li>
          ))}
          <li>
            <Button variant="link" onClick={() => setFilters([])}>
              Clear filters
            </Button>
          </li>
        </ul>
      )}
      <DataTable
        key={shown.periods.map((p) => p.id).join()}
        columns={columns}
        data={shown.countries}
        loading={isLoading}
        pageSize={10}
        pageSizeOptions={[10, 25, 50]}
        initialSort={{ id: 'Country' }}
        caption="Scores per country and period"
        emptyText="No score matches these filters."
        getRowId={(r) => r.GroupId}
        card={(r) => (
          <article className="history-card" aria-label={r.Country}>
            <div className="history-card-head">
              <input
                type="checkbox"
                checked={ticked.includes(r.GroupId)}
                onChange={() => toggle(r.GroupId)}
                aria-label={`Chart and compare ${r.Country}`}
              />
              <Link to={`/index/${r.GroupId}`}>
                <CountryFlag logoPath={r.LogoPath} countryId={r.CountryId} name={r.Country} />
              </Link>
            </div>
            <dl>
              {shown.periods.map((p) => (
                <div key={p.id}>
                  <dt>{p.name}</dt>
                  <dd>{r.scores.get(p.id)?.Score ?? '—'}</dd>
                </div>
              ))}
            </dl>
          </article>
        )}
      />
    </section>
  );
}
