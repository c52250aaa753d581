import { useMemo, useState } from 'react';

import type { IndexCountryRow } from '@cti/contracts';

import { FilterBox } from '../../../components/form/FilterBox';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { useToast } from '../../../components/toast/use-toast';
import { CountryFlag } from '../components/CountryFlag';

import { useIndexCountriesQuery, useSetContractingMutation } from './index-countries-api';
import '../indexes.css';

function IndexSelector({ row }: { row: IndexCountryRow }) {
  const [set, { isLoading }] = useSetContractingMutation();
  const toast = useToast();
  return (
    <select
      aria-label={`Index of ${row.Name}`}
      value={row.Contracting ? 'compliance' : 'enforceability'}
      disabled={isLoading}
      onChange={async (e) => {
        const Contracting = e.target.value === 'compliance';
        const result = await set({ GroupId: row.GroupId, Contracting });
        if ('data' in result && result.data)
          toast.success(`${row.Name} is now on the ${Contracting ? 'Compliance' : 'Enforceability'} Index.`);
        else toast.danger('The change could not be saved. Please try again later.', 5000);
      }}
    >
      <option value="compliance">Compliance Index (contracting state)</option>
      <option value="enforceability">Enforceability Index (not a contracting state)</option>
    </select>
  );
}

/**
 * Admin: which countries are contracting states of the Cape Town Convention (listed on
 * the Compliance Index) and which are not (Enforceability Index). Countries come from the
 * Country groups of user administration.
 */
export default function IndexCountriesPage() {
  const { data = [], isLoading } = useIndexCountriesQuery();
  const [filter, setFilter] = useState('');
  const columns = useMemo<ColumnDef<IndexCountryRow, any>[]>(
    () => [
      {
        accessorKey: 'Name',
        header: 'Country',
        cell: (c) => <CountryFlag logoPath={c.row.original.LogoPath} countryId={c.row.original.CountryId} name={c.row.original.Name} />,
      },
      { accessorKey: 'CountryId', header: 'ISO code' },
      {
        id: 'Index',
        header: 'Index',
        accessorFn: (r) => (r.Contracting ? 'Compliance' : 'Enforceability'),
        cell: (c) => <IndexSelector row={c.row.original} />,
      },
    ],
    [],
  );
  return (
    <section className="indexes" aria-labelledby="index-countries-title">
      <PageHeader
        title="Index countries"
        titleId="index-countries-title"
        eyebrow="Administration"
        lead="Contracting states of the Cape Town Convention are scored on the Compliance Index; other countries on the Enforceability Index. Moving a country keeps its scores."
      />
      <FilterBox value={filter} onChange={setFilter} label="Filter countries" />
      <DataTable
        columns={columns}
        data={data}
        loading={isLoading}
        pageSize={10}
        filterText={filter}
        filterFields={[(r) => r.Name, (r) => r.CountryId]}
        initialSort={{ id: 'Name' }}
        caption="Index countries"
        getRowId={(r) => r.GroupId}
      />
    </section>
  );
}
