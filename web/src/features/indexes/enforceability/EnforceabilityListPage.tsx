import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { ExportPaths, type EnforceabilityRow } from '@cti/contracts';

import { PageHeader } from '../../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { CategoryBadge } from '../components/CategoryBadge';
import { CountryFlag } from '../components/CountryFlag';
import { DemoNotice } from '../components/DemoNotice';
import { ExportButtons } from '../exports/ExportButtons';
import { useEnforceabilityListQuery } from '../indexes-api';

import { EnforceabilityNav } from './EnforceabilityNav';
import '../indexes.css';

/** /enforceabilityIndex: countries outside the treaty with their enforceability score and category. */
export default function EnforceabilityListPage() {
  const { data: rows = [], isLoading, isError } = useEnforceabilityListQuery();
  const [search, setSearch] = useState('');
  const columns = useMemo<ColumnDef<EnforceabilityRow, any>[]>(
    () => [
      {
        id: 'Country',
        accessorKey: 'Group',
        header: 'Country',
        cell: (c) => (
          <Link to={`/enforceabilityIndex/${c.row.original.GroupId}`}>
            <CountryFlag logoPath={c.row.original.LogoPath} countryId={c.row.original.CountryId} name={c.row.original.Group} />
          </Link>
        ),
      },
      { id: 'Score', accessorKey: 'Score', header: 'Score' },
      { id: 'Category', accessorKey: 'Category', header: 'Category', cell: (c) => <CategoryBadge category={c.getValue() as string} /> },
      { id: 'Period', accessorKey: 'Period', header: 'Period' },
    ],
    [],
  );
  return (
    <section className="indexes" aria-labelledby="enforceability-title">
      <PageHeader
        title="Enforceability Index"
        titleId="enforceability-title"
        eyebrow="Countries outside the Cape Town Convention"
        lead="How enforceable the rights of aircraft creditors and lessors are in countries that are not contracting states of the Cape Town Convention."
        actions={<ExportButtons path={ExportPaths.enforceability} title="Enforceability Index" />}
      />
      <EnforceabilityNav />
      {rows.some((r) => r.IsDemo) && <DemoNotice />}
      <div className="toolbar">
        <div className="field index-search">
          <label htmlFor="enforceability-search">Search countries</label>
          <input
            id="enforceability-search"
            type="search"
            value={search}
            placeholder="Country name"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {isError ? (
        <p className="notice notice-danger">The Enforceability Index could not be loaded. Please refresh the page.</p>
      ) : (
        <DataTable
          columns={columns}
          data={rows}
          loading={isLoading}
          pageSize={10}
          filterText={search}
          filterFields={[(r) => r.Group]}
          initialSort={{ id: 'Score', desc: true }}
          caption="Enforceability Index"
          emptyText={search ? 'No country matches this search.' : 'No country is on the Enforceability Index yet.'}
        />
      )}
    </section>
  );
}
