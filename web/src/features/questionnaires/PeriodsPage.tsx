import { useMemo, useState } from 'react';

import type { Period } from '@cti/contracts';

import { Button } from '../../components/form/fields';
import { FilterBox } from '../../components/form/FilterBox';
import { PageHeader } from '../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { formatDate } from '../../lib/dates';

import { AddPeriodModal } from './periods/AddPeriodModal';
import { usePeriodsQuery } from './questionnaire-api';
import './questionnaires.css';

/** /manage/periods, the Period Manager: filter, sortable paged Name/Created, Add Period. */
export default function PeriodsPage() {
  const { data = [], isLoading } = usePeriodsQuery();
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState(false);
  const columns = useMemo<ColumnDef<Period, any>[]>(
    () => [
      { accessorKey: 'Name', header: 'Name' },
      { accessorKey: 'Created', header: 'Created', cell: (c) => formatDate(c.getValue() as string) },
    ],
    [],
  );
  return (
    <section aria-labelledby="periods-title">
      <PageHeader
        title="Periods"
        titleId="periods-title"
        eyebrow="Manage"
        actions={<Button onClick={() => setAdding(true)}>Add Period</Button>}
      />
      <FilterBox value={filter} onChange={setFilter} label="Filter periods" />
      <DataTable
        columns={columns}
        data={data}
        loading={isLoading}
        pageSize={10}
        filterText={filter}
        filterFields={[(p) => p.Name]}
        initialSort={{ id: 'Created', desc: true }}
        caption="Periods"
        emptyText="No periods yet."
        getRowId={(p) => p.Id}
      />
      {adding && <AddPeriodModal onClose={() => setAdding(false)} />}
    </section>
  );
}
