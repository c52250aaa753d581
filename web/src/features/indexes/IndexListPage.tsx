import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { canDownloadCft, canExportEverything, offersPurchases, RouteRules, satisfiesRule, type Principal } from '@cti/access';
import { ExportPaths, type GroupIndexRow } from '@cti/contracts';
import { indexSortScore, UNSCORED } from '@cti/scoring-rules';

import { usePrincipal } from '../../app/hooks';
import { Spinner } from '../../components/form/fields';
import { LockIcon } from '../../components/icons/Icons';
import { PageHeader } from '../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { TabList } from '../../components/tabs/TabList';

import { CategoryBadge } from './components/CategoryBadge';
import { CftCell, useCftOrders, useCftProductId } from './components/CftCell';
import { CountryFlag } from './components/CountryFlag';
import { DemoNotice } from './components/DemoNotice';
import { WatchlistIcon } from './components/WatchlistIcon';
import { useIndexListQuery } from './indexes-api';
import { canOpenRow, NO_VIEWS_CAUTION } from './row-access';
import './indexes.css';

type Tab = 'made' | 'notMade';
const TABS: readonly Tab[] = ['made', 'notMade'];

// The export buttons (and their download code) come after the list: the page's first paint
// stays within its JavaScript budget (web/scripts/bundle-report.mjs).
// only for signed-in readers of the rows they may open: loaded after the list, not with it
const FollowToggle = lazy(() => import('../notifications/components/FollowToggle').then((m) => ({ default: m.FollowToggle })));
const ExportButtons = lazy(() => import('./exports/ExportButtons').then((m) => ({ default: m.ExportButtons })));
// the one offer, for free users and buyers of single countries: asked for with the list (see the page), not with the page
const loadIndexOffer = () => import('./components/IndexOffer');
const IndexOffer = lazy(() => loadIndexOffer().then((m) => ({ default: m.IndexOffer })));
const ExportEverythingButton = lazy(() => import('./exports/ExportButtons').then((m) => ({ default: m.ExportEverythingButton })));

/** Read after a locked country's name by assistive technology (the lock says it to the eye). */
export const LOCKED_COUNTRY_TEXT = 'scorecard not included in your access';

/**
 * The country: a link to its scorecard for those who may open it. For the others the name
 * with a lock; for those the product sells to, the name leads to the page naming what opens
 * it (the plan, the single country and their prices); the offer itself is said once, above
 * the list (`IndexOffer`), not on every row.
 */
function CountryCell({ row, principal }: { row: GroupIndexRow; principal: Principal | null }) {
  const flag = <CountryFlag logoPath={row.LogoPath} countryId={row.CountryId} name={row.Group} />;
  if (row.Score <= 0) {
    return (
      <div>
        {flag}
        <small className="zero-caution" role="note">
          {NO_VIEWS_CAUTION}
        </small>
      </div>
    );
  }
  if (canOpenRow(principal, row))
    return (
      <>
        <Link to={`/index/${row.GroupId}`}>{flag}</Link>
        <Suspense fallback={null}>
          <FollowToggle groupId={row.GroupId} country={row.Group} allowed variant="icon" />
        </Suspense>
      </>
    );
  const locked = (
    <>
      {flag} <LockIcon className="locked-icon" />
      <span className="visually-hidden"> ({LOCKED_COUNTRY_TEXT})</span>
    </>
  );
  return offersPurchases(principal) ? (
    <Link className="locked-country" to={`/restricted?country=${encodeURIComponent(row.GroupId)}`} title="See how to open this scorecard">
      {locked}
    </Link>
  ) : (
    <span className="locked-country">{locked}</span>
  );
}

/** One country as a card on a phone: name, score and category on one line, then the watchlist and certified version. */
function IndexCard({ row, principal, cft }: { row: GroupIndexRow; principal: Principal | null; cft: ReactNode }) {
  return (
    <article className="index-card" aria-label={row.Group}>
      <div className="index-card-head">
        <CountryCell row={row} principal={principal} />
        {row.Watchlist && <WatchlistIcon groupId={row.GroupId} country={row.Group} isPublic={row.IsPublic} />}
      </div>
      {row.Score > 0 && (
        <div className="index-card-score">
          <span className="score-value">{row.Score}</span>
          <CategoryBadge category={row.Category} />
          <span className="index-card-cft">{cft}</span>
        </div>
      )}
    </article>
  );
}

/** The period the list shows: the latest of its rows' periods (every scored country normally shares it). */
function shownPeriod(rows: readonly GroupIndexRow[]): string | null {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.Scored && r.Period) counts.set(r.Period, (counts.get(r.Period) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** The rows whose country name holds the search text (any case); all of them for an empty search. */
export function matchingRows(rows: readonly GroupIndexRow[], search: string): GroupIndexRow[] {
  const needle = search.trim().toLowerCase();
  return needle ? rows.filter((r) => r.Group.toLowerCase().includes(needle)) : [...rows];
}

/**
 * /index, the Compliance Index: country search over both tabs, the two tabs by qualifying
 * declarations with their counts, Country, watchlist, Score (special-notice rows sort
 * one point higher), Category, and the certified-for-transaction version.
 */
export default function IndexListPage() {
  const principal = usePrincipal();
  const { data, isLoading, isError } = useIndexListQuery();
  const rows = useMemo(() => data ?? [], [data]);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('made');
  const [more, setMore] = useState(false);
  const cft = !!principal && canDownloadCft(principal);
  const sells = offersPurchases(principal);
  useEffect(() => {
    if (sells) void loadIndexOffer();
  }, [sells]);
  const productId = useCftProductId(!principal || cft);
  const orders = useCftOrders(!principal || cft);

  const matching = useMemo(() => matchingRows(rows, search), [rows, search]);
  const made = matching.filter((r) => r.QualifyingDeclarations);
  const notMade = matching.filter((r) => !r.QualifyingDeclarations);
  const shown = tab === 'made' ? made : notMade;
  const other: Tab = tab === 'made' ? 'notMade' : 'made';
  const inOther = tab === 'made' ? notMade.length : made.length;
  /** The search covers both tabs: when the one shown has no match and the other has, the other is shown. */
  const showTabWithMatches = (value: string, list: readonly GroupIndexRow[]) => {
    const hits = matchingRows(list, value);
    const count = (t: Tab) => hits.filter((r) => r.QualifyingDeclarations === (t === 'made')).length;
    if (value.trim() && count(tab) === 0 && count(other) > 0) setTab(other);
  };
  const onSearch = (value: string) => {
    setSearch(value);
    showTabWithMatches(value, rows);
  };
  // a search typed before the list arrived is applied once it does
  const [listSearched, setListSearched] = useState(data);
  if (listSearched !== data) {
    setListSearched(data);
    if (data) showTabWithMatches(search, data);
  }

  const columns = useMemo<ColumnDef<GroupIndexRow, any>[]>(
    () => [
      { id: 'Country', accessorKey: 'Group', header: 'Country', cell: (c) => <CountryCell row={c.row.original} principal={principal} /> },
      {
        id: 'Watchlist',
        header: () => <span className="visually-hidden">Watchlist</span>,
        enableSorting: false,
        cell: (c) =>
          c.row.original.Watchlist ? (
            <WatchlistIcon groupId={c.row.original.GroupId} country={c.row.original.Group} isPublic={c.row.original.IsPublic} />
          ) : null,
      },
      {
        id: 'Score',
        header: 'Score',
        accessorFn: (r) => indexSortScore(r),
        sortingFn: (a, b) => indexSortScore(a.original) - indexSortScore(b.original),
        cell: (c) => <span className="score-value">{c.row.original.Score}</span>,
      },
      { id: 'Category', accessorKey: 'Category', header: 'Category', cell: (c) => <CategoryBadge category={c.getValue() as string} /> },
      {
        id: 'CFT',
        header: 'Certified-for-transaction version',
        enableSorting: false,
        cell: (c) => <CftCell row={c.row.original} productId={productId} orders={orders} />,
      },
    ],
    [principal, productId, orders],
  );

  const period = shownPeriod(rows);
  const tabLabel = (t: Tab) =>
    t === 'made'
      ? `View country scores with qualifying declarations made (${made.length})`
      : `View country scores with no qualifying declarations made (${notMade.length})`;

  return (
    <section aria-labelledby="index-title" className="indexes">
      <PageHeader
        title="Compliance Index"
        titleId="index-title"
        eyebrow={period ? `Cape Town Convention · ${period}` : 'Cape Town Convention'}
        actions={
          <div className="cluster">
            <Link className="button button-secondary" to="/map">
              Map
            </Link>
            <Link className="button button-secondary" to="/awg-asu-assessment">
              ASU assessment
            </Link>
            {principal && satisfiesRule(principal, RouteRules.historicalData) && (
              <Link className="button button-secondary" to="/historicalData">
                Historical data
              </Link>
            )}
            {principal && satisfiesRule(principal, RouteRules.adminOnly) && (
              <Link className="button button-secondary" to="/manage/index-countries">
                Index countries
              </Link>
            )}
            <Suspense fallback={null}>
              <ExportButtons path={ExportPaths.indexList} title="Compliance Index" />
              {principal && canExportEverything(principal) && <ExportEverythingButton path={ExportPaths.everything} />}
            </Suspense>
          </div>
        }
      />
      <div className={`index-intro${more ? ' index-intro-expanded' : ''}`}>
        <p>
          {period && (
            <>
              <strong className="index-period">Scores of {period}.</strong>{' '}
            </>
          )}
          <span className="index-intro-sentence">
            Each contracting state is scored from 0 to 100 on how well it implements the Cape Town Convention and its Aircraft Protocol, in
            law and in practice; updated every March and September from the answers of the country&apos;s law firms.
          </span>
        </p>
        {more && (
          <div id="index-more">
            <p>
              Each country is scored on six variables, A to F, each from 0 to 5. Variables A and B together weigh half of the score and C to
              F the other half; a precedent-based adjustment may move weight from E and F to B. The score falls into a category: Very High
              (87 to 100), High (75 to under 87), Medium (60 to under 75) or Low (above 0, under 60). A state without a score, or with a
              score of 0, is {UNSCORED}: no views have been received yet.
            </p>
            <p>
              The first tab lists the states that have made the qualifying declarations; the second those that have not. A warning sign
              marks a state on the watchlist: material developments are under way whose impact has not yet been assessed, so read its
              scorecard with added caution (<Link to="/about/faq#watchlist">about the watchlist</Link>,{' '}
              <Link to="/about/methodology">methodology</Link>).
            </p>
          </div>
        )}
        <button
          type="button"
          className="button button-link"
          aria-expanded={more}
          aria-controls="index-more"
          onClick={() => setMore((m) => !m)}
        >
          {more ? 'Show less' : 'Show more'}
        </button>
      </div>
      {rows.some((r) => r.IsDemo) && <DemoNotice />}
      {principal && offersPurchases(principal) && rows.some((r) => r.Score > 0 && !canOpenRow(principal, r)) && (
        <IndexOffer principal={principal} />
      )}
      <div className="toolbar">
        <div className="field index-search">
          <label htmlFor="country-search">Search countries</label>
          <input
            id="country-search"
            type="search"
            value={search}
            placeholder="Search countries"
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
      </div>
      {search.trim() && inOther > 0 && (
        <p className="search-elsewhere" role="status">
          {inOther} {inOther === 1 ? 'match' : 'matches'} in the other tab.{' '}
          <button type="button" className="button button-link" onClick={() => setTab(other)}>
            Show them
          </button>
        </p>
      )}
      <TabList<Tab>
        label="Qualifying declarations"
        tabs={TABS.map((t) => [t, tabLabel(t)] as const)}
        selected={tab}
        onSelect={setTab}
        idOf={(t) => `tab-${t}`}
        panelId="index-table"
      />
      <div id="index-table" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {isLoading ? (
          <Spinner />
        ) : isError ? (
          <p className="notice notice-danger">The Compliance Index could not be loaded. Please refresh the page.</p>
        ) : (
          <DataTable
            key={tab}
            columns={columns}
            data={shown}
            pageSize={10}
            pageSizeOptions={[10, 25, 50]}
            card={(r) => <IndexCard row={r} principal={principal} cft={<CftCell row={r} productId={productId} orders={orders} />} />}
            initialSort={{ id: 'Score', desc: true }}
            caption={tabLabel(tab)}
            emptyText={
              search.trim()
                ? inOther
                  ? 'No country in this tab matches this search.'
                  : 'No country matches this search.'
                : 'No country in this list.'
            }
            getRowId={(r) => r.GroupId}
          />
        )}
      </div>
    </section>
  );
}
