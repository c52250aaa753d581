import { useId, useRef, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';

import { canChartHistories } from '@cti/access';
import { ExportPaths, MAX_COMPARED_COUNTRIES, type ComparedCountry, type CompareScores, type GroupIndexRow } from '@cti/contracts';
import { VARIABLE_NAMES, VARIABLES } from '@cti/scoring-rules';

import { usePrincipal } from '../../../app/hooks';
import { Button, SelectField, Spinner } from '../../../components/form/fields';
import { PageHeader } from '../../../components/layout/PageHeader';
import { TableScroll } from '../../../components/table/TableScroll';
import { TabList } from '../../../components/tabs/TabList';
import { useToast } from '../../../components/toast/use-toast';
import { answerText } from '../../../lib/api-error';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { BarChart } from '../charts/BarChart';
import { downloadPng, downloadSvg } from '../charts/chart-download';
import { SERIES_COLOURS } from '../charts/chart-text';
import { LineChart } from '../charts/LineChart';
import { CategoryBadge } from '../components/CategoryBadge';
import { CountryFlag } from '../components/CountryFlag';
import { ChartSketch, LockedSection } from '../components/LockedSection';
import { ExportButtons } from '../exports/ExportButtons';
import { useCompareScoresQuery } from '../history/history-api';
import { useIndexListQuery } from '../indexes-api';

import { codeOf, comparedRows, compareViewParams, readCompareView, type CompareTab, type CompareViewState } from './compare-view';
import '../indexes.css';
import './compare.css';

const TABS: ReadonlyArray<readonly [CompareTab, string]> = [
  ['chart', 'Scores over time'],
  ['variables', 'Scores A to F'],
];

const fileName = (countries: readonly ComparedCountry[], what: string) => `${what} ${countries.map((c) => c.Name).join(', ')}`;

/** Chooses the countries: a list to add from (up to eight) and each chosen one with a way to remove it. */
function CountryPicker({
  rows,
  chosen,
  onChange,
}: {
  rows: readonly GroupIndexRow[];
  chosen: readonly GroupIndexRow[];
  onChange(change: (codes: string[]) => string[]): void;
}) {
  const full = chosen.length >= MAX_COMPARED_COUNTRIES;
  const codes = chosen.map(codeOf);
  const left = rows.filter((r) => !codes.includes(codeOf(r)));
  return (
    <div className="compare-picker">
      <SelectField
        label="Add a country"
        value=""
        disabled={full}
        hint={full ? `Up to ${MAX_COMPARED_COUNTRIES} countries: remove one to add another.` : `Up to ${MAX_COMPARED_COUNTRIES} countries.`}
        onChange={(e) => {
          const code = e.target.value;
          if (code) onChange((now) => (now.includes(code) ? now : [...now, code].slice(0, MAX_COMPARED_COUNTRIES)));
        }}
      >
        <option value="">Choose a country…</option>
        {left.map((r) => (
          <option key={r.GroupId} value={codeOf(r)}>
            {r.Group}
          </option>
        ))}
      </SelectField>
      {chosen.length > 0 && (
        <ul className="compare-chosen" aria-label="Compared countries">
          {chosen.map((r, i) => (
            <li key={r.GroupId} style={{ borderColor: SERIES_COLOURS[i] }}>
              <CountryFlag logoPath={r.LogoPath} countryId={r.CountryId} name={r.Group} />
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${r.Group}`}
                onClick={() => onChange((now) => now.filter((c) => c !== codeOf(r)))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Every compared country's score in every period: the chart's numbers, and the view of readers without the chart. */
function ScoresTable({ view }: { view: CompareScores }) {
  const narrow = useNarrowScreen();
  const scoreIn = (c: ComparedCountry, periodId: string) => c.Periods.find((p) => p.PeriodId === periodId);
  if (narrow) {
    return (
      <ul className="compare-cards" aria-label="Scores per period">
        {view.Countries.map((c) => (
          <li key={c.GroupId} className="compare-card">
            <strong>{c.Name}</strong>
            <dl>
              {view.Periods.map((p) => (
                <div key={p.PeriodId}>
                  <dt>{p.Name}</dt>
                  <dd>{scoreIn(c, p.PeriodId)?.Score ?? '—'}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <TableScroll label="Scores per period">
      <table className="simple-table compare-table">
        <caption className="visually-hidden">Scores per period</caption>
        <thead>
          <tr>
            <th scope="col">Country</th>
            {view.Periods.map((p) => (
              <th key={p.PeriodId} scope="col" className="text-right">
                {p.Name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.Countries.map((c) => (
            <tr key={c.GroupId}>
              <th scope="row">
                <Link to={`/index/${c.GroupId}`}>{c.Name}</Link>
              </th>
              {view.Periods.map((p) => (
                <td key={p.PeriodId} className="text-right score-value">
                  {scoreIn(c, p.PeriodId)?.Score ?? '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The chart's two downloads, of the chart shown. */
function ImageDownloads({ svg, name }: { svg: RefObject<SVGSVGElement | null>; name: string }) {
  const toast = useToast();
  return (
    <div className="export-buttons" role="group" aria-label="Download the chart">
      <Button variant="secondary" onClick={() => svg.current && downloadSvg(svg.current, `${name}.svg`)}>
        Download SVG
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          if (svg.current)
            downloadPng(svg.current, `${name}.png`).catch((e: unknown) => toast.danger(e instanceof Error ? e.message : String(e), 6000));
        }}
      >
        Download PNG
      </Button>
    </div>
  );
}

function ChartTab({ view }: { view: CompareScores }) {
  const principal = usePrincipal();
  const svg = useRef<SVGSVGElement>(null);
  const charted = !!principal && canChartHistories(principal) && view.Countries.every((c) => c.Access.history);
  return (
    <>
      {charted ? (
        <figure className="compare-figure">
          <LineChart
            svgRef={svg}
            periods={view.Periods.map((p) => p.Name)}
            series={view.Countries.map((c, i) => ({
              key: c.GroupId,
              label: `${c.Name} ${c.Periods.at(-1)?.Score ?? ''}`,
              short: c.CountryId?.toUpperCase() ?? c.Name,
              keyText: (
                <>
                  <b>{c.CountryId?.toUpperCase()}</b> {c.Name}
                </>
              ),
              colour: SERIES_COLOURS[i],
              values: view.Periods.map((p) => c.Periods.find((x) => x.PeriodId === p.PeriodId)?.Score ?? null),
            }))}
            max={100}
            ticks={[0, 25, 50, 75, 100]}
            axisLabel="Score (0 to 100)"
            label={`Scores per period, 0 to 100: ${view.Countries.map((c) => c.Name).join(', ')}`}
            keyLabel="Countries"
          />
          <ImageDownloads svg={svg} name={fileName(view.Countries, 'Scores over time')} />
        </figure>
      ) : (
        <LockedSection
          id="compare-chart"
          title="Chart of the scores over time"
          holds="The compared countries' scores drawn period by period, to download as an image."
          allowed={canChartHistories}
          preview={<ChartSketch />}
        />
      )}
      <h2 className="compare-subtitle">Scores per period</h2>
      <ScoresTable view={view} />
    </>
  );
}

function VariablesTab({ view, period, onPeriod }: { view: CompareScores; period: string; onPeriod(name: string): void }) {
  const narrow = useNarrowScreen();
  const svg = useRef<SVGSVGElement>(null);
  const inPeriod = view.Countries.map((c) => ({ c, p: c.Periods.find((p) => p.Period === period) ?? null }));
  const someHidden = inPeriod.some(({ p }) => p && p.A === null);
  const values = (p: (typeof inPeriod)[number]['p']) => VARIABLES.map((v) => p?.[v] ?? null);
  return (
    <>
      <div className="toolbar">
        <SelectField label="Period" value={period} onChange={(e) => onPeriod(e.target.value)}>
          {view.Periods.map((p) => (
            <option key={p.PeriodId} value={p.Name}>
              {p.Name}
            </option>
          ))}
        </SelectField>
      </div>
      {someHidden && (
        <p className="notice notice-info">
          Variables of a period before a country&apos;s latest come with the score history (Enhanced plan, AWG members); the scores
          themselves are shown for every period.
        </p>
      )}
      <figure className="compare-figure">
        <BarChart
          svgRef={svg}
          groups={VARIABLES}
          series={inPeriod.map(({ c, p }, i) => ({ key: c.GroupId, label: c.Name, colour: SERIES_COLOURS[i], values: values(p) }))}
          max={5}
          ticks={[0, 1, 2, 3, 4, 5]}
          axisLabel="Variable (0 to 5)"
          label={`Variables A to F in ${period}: ${view.Countries.map((c) => c.Name).join(', ')}`}
        />
        <ImageDownloads svg={svg} name={fileName(view.Countries, `Scores A to F ${period}`)} />
      </figure>
      {narrow ? (
        <ul className="compare-cards" aria-label={`Scores A to F in ${period}`}>
          {inPeriod.map(({ c, p }) => (
            <li key={c.GroupId} className="compare-card">
              <strong>{c.Name}</strong>
              {p ? (
                <>
                  <span className="compare-card-score">
                    <span className="score-value">{p.Score}</span> <CategoryBadge category={p.Category} />
                  </span>
                  <dl>
                    {VARIABLES.map((v) => (
                      <div key={v}>
                        <dt>
                          {v} · {VARIABLE_NAMES[v]}
                        </dt>
                        <dd>{p[v] ?? '—'}</dd>
                      </div>
                    ))}
                  </dl>
                </>
              ) : (
                <p className="muted">Not scored in {period}.</p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <TableScroll label={`Scores A to F in ${period}`}>
          <table className="simple-table compare-table">
            <caption className="visually-hidden">Scores A to F in {period}</caption>
            <thead>
              <tr>
                <th scope="col">{period}</th>
                {inPeriod.map(({ c }) => (
                  <th key={c.GroupId} scope="col" className="text-right">
                    <Link to={`/index/${c.GroupId}`}>{c.Name}</Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Score</th>
                {inPeriod.map(({ c, p }) => (
                  <td key={c.GroupId} className="text-right score-value">
                    {p?.Score ?? '—'}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row">Category</th>
                {inPeriod.map(({ c, p }) => (
                  <td key={c.GroupId} className="text-right">
                    {p ? <CategoryBadge category={p.Category} /> : 'Not scored'}
                  </td>
                ))}
              </tr>
              {VARIABLES.map((v) => (
                <tr key={v}>
                  <th scope="row">
                    <span className="variable-letter-inline">{v}</span> {VARIABLE_NAMES[v]}
                  </th>
                  {inPeriod.map(({ c, p }) => (
                    <td key={c.GroupId} className="text-right">
                      {p?.[v] ?? '—'}
                    </td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">Precedent adjustment</th>
                {inPeriod.map(({ c, p }) => (
                  <td key={c.GroupId} className="text-right">
                    {p && p.A !== null ? (p.PBALevel ?? 'None') : '—'}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}

/**
 * /historicalData/compare: up to eight Compliance Index countries side by side, their scores
 * over the periods as a chart (for the roles of the historical charts) and a table, and their
 * variables A to F in a chosen period. The address holds the whole view (countries, period,
 * tab), so a view is shared by its link; CSV and Excel come from the server, SVG and PNG of the
 * chart shown from the page.
 */
export default function ComparePage() {
  const [params, setParams] = useSearchParams();
  const state = readCompareView(params);
  // Quick picks build on each other. The router renders a new address in a transition, so until
  // it has, `params` is the address before the last pick, and a second pick made from it would
  // drop the first: an update starts from the address last written while it is not rendered yet.
  const written = useRef<{ over: URLSearchParams; view: CompareViewState } | null>(null);
  const { data: rows = [], isLoading: listLoading } = useIndexListQuery();
  const scored = rows.filter((r) => r.Scored).sort((a, b) => a.Group.localeCompare(b.Group));
  const chosen = comparedRows(scored, state.codes);
  const groupIds = chosen.map((r) => r.GroupId);
  const { data: view, error, isFetching } = useCompareScoresQuery(groupIds, { skip: groupIds.length === 0 });
  const toast = useToast();
  const tabsId = useId();
  const period = state.period && view?.Periods.some((p) => p.Name === state.period) ? state.period : (view?.Periods.at(-1)?.Name ?? '');

  const update = (next: Partial<CompareViewState> | ((view: CompareViewState) => Partial<CompareViewState>)) => {
    const now = written.current?.over === params ? written.current.view : state;
    const view = { ...now, ...(typeof next === 'function' ? next(now) : next) };
    written.current = { over: params, view };
    setParams(compareViewParams(view), { replace: true });
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success('Link to this view copied.', 4000);
    } catch {
      toast.info(`Copy this link: ${window.location.href}`, 10000);
    }
  };
  const topFive = [...scored].sort((a, b) => b.Score - a.Score).slice(0, 5);

  return (
    <section className="indexes compare-page" aria-labelledby="compare-title">
      <PageHeader
        title="Compare countries"
        titleId="compare-title"
        eyebrow="Historical data"
        actions={
          <div className="cluster">
            <Link className="button button-secondary" to="/historicalData">
              Historical data
            </Link>
            {groupIds.length > 0 && (
              <Button variant="secondary" onClick={() => void copyLink()}>
                Copy link to this view
              </Button>
            )}
          </div>
        }
      />
      {listLoading ? (
        <Spinner />
      ) : (
        <CountryPicker rows={scored} chosen={chosen} onChange={(change) => update((view) => ({ codes: change(view.codes) }))} />
      )}
      {groupIds.length === 0 ? (
        !listLoading && (
          <div className="empty-state compare-empty">
            <p>
              Choose up to {MAX_COMPARED_COUNTRIES} countries to see their scores over the periods and their variables A to F side by side.
            </p>
            {topFive.length > 1 && (
              <Button variant="secondary" onClick={() => update({ codes: topFive.map(codeOf) })}>
                Compare the five highest scores
              </Button>
            )}
          </div>
        )
      ) : error ? (
        <p className="notice notice-danger" role="alert">
          {answerText(error) ?? 'The comparison could not be loaded. Please try again.'}
        </p>
      ) : !view ? (
        <Spinner label="Loading the comparison…" />
      ) : (
        <>
          <div className="compare-downloads">
            <ExportButtons path={ExportPaths.compare(groupIds)} title={fileName(view.Countries, 'Compared countries')} />
          </div>
          <TabList
            className="compare-tabs"
            label="Compare"
            tabs={TABS}
            selected={state.tab}
            onSelect={(tab) => update({ tab })}
            idOf={(tab) => `${tabsId}-${tab}`}
            panelId={`${tabsId}-panel`}
          />
          <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${state.tab}`} aria-busy={isFetching}>
            {state.tab === 'chart' ? (
              <ChartTab view={view} />
            ) : (
              <VariablesTab view={view} period={period} onPeriod={(name) => update({ period: name })} />
            )}
          </div>
        </>
      )}
    </section>
  );
}
