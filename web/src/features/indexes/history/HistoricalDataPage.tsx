import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { ExportPaths, type HistoricalScoreRow } from '@cti/contracts';

import { Button, SelectField } from '../../../components/form/fields';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { useToast } from '../../../components/toast/use-toast';
import { CategoryBadge } from '../components/CategoryBadge';
import { CountryFlag } from '../components/CountryFlag';
import { ExportButtons } from '../exports/ExportButtons';

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

/**
 * /historicalData (Admin, Enhanced, Standard, AWGMember): every country's score per
 * period, filtered by Score, Year and Country with suggestions from `api/filter/{key}`.
 */
export default function HistoricalDataPage() {
  const { data: rows = [], isLoading } = useHistoricalScoresQuery();
  const [filters, setFilters] = useState<Filter[]>([]);
  const [key, setKey] = useState<Key>('Country');
  const [text, setText] = useState('');
  const listId = useId();
  const toast = useToast();
  const { data: suggestions = [] } = useScoreFilterSuggestionsQuery({ key, text });

  const shown = useMemo(() => applyFilters(rows, filters), [rows, filters]);
  const add = () => {
    const value = text.trim();
    if (!value) {
      toast.danger('Enter a valid filter first', 4000);
      return;
    }
    if (!filters.some((f) => f.key === key && f.value === value)) setFilters([...filters, { key, value }]);
    setText('');
  };

  const columns = useMemo<ColumnDef<HistoricalScoreRow, any>[]>(
    () => [
      {
        accessorKey: 'Country',
        header: 'Country',
        cell: (c) => (
          <Link to={`/index/${c.row.original.GroupId}`}>
            <CountryFlag logoPath={c.row.original.LogoPath} countryId={c.row.original.CountryId} name={c.row.original.Country} />
          </Link>
        ),
      },
      { accessorKey: 'Period', header: 'Period' },
      { accessorKey: 'Year', header: 'Year' },
      { accessorKey: 'Score', header: 'Score' },
      { accessorKey: 'Category', header: 'Category', cell: (c) => <CategoryBadge category={c.getValue() as string} /> },
    ],
    [],
  );

  return (
    <section className="indexes" aria-labelledby="historical-title">
      <PageHeader
        title="Historical data"
        titleId="historical-title"
        eyebrow="Compliance Index"
        actions={
          <div className="cluster">
            <Link className="button button-secondary" to="/historicalData/map">
              Map
            </Link>
            <ExportButtons path={ExportPaths.history} title="Historical data" />
          </div>
        }
      />
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
        columns={columns}
        data={shown}
        loading={isLoading}
        pageSize={10}
        initialSort={{ id: 'Country' }}
        caption="Scores per country and period"
        emptyText="No score matches these filters."
      />
    </section>
  );
}
