import { useCallback, useMemo, useState } from 'react';

import {
  QuestionnaireListMessages,
  type AdminQuestionnaireRow,
  type QuestionnaireProgress,
  type QuestionnaireReportFilter,
  type QuestionnaireStatus,
} from '@cti/contracts';

import { browserStorage, StorageKeys } from '../../../app/session-storage';
import { Button, SelectField } from '../../../components/form/fields';
import { FilterBox } from '../../../components/form/FilterBox';
import { RowMenu } from '../../../components/menu/RowMenu';
import { ConfirmDialog } from '../../../components/modal/ConfirmDialog';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { useToast } from '../../../components/toast/use-toast';
import { formatShortDate } from '../../../lib/dates';
import { ScoringEditor, type ScoringEditorTarget } from '../../indexes/editors/ScoringEditors';
import type { CurrentQuestionnaire } from '../current-questionnaire';
import { EXPORT_FAILED } from '../export/ExportPdfButton';
import { QuestionnaireExport } from '../export/QuestionnaireExport';
import { useCloseOrOpenMutation, useQuestionnaireProgressQuery, useQuestionnaireReportQuery } from '../questionnaire-api';

import { AddQuestionnaireModal } from './AddQuestionnaireModal';
import { useOpenQuestionnaire } from './open-questionnaire';

interface ListFilters {
  text: string;
  entity: string;
  period: string;
  status: string;
}
const NO_FILTERS: ListFilters = { text: '', entity: '', period: '', status: '' };

/** The admin's filter is kept for the session (the "questionnaire filter" shape). */
function storedFilters(): ListFilters {
  try {
    return { ...NO_FILTERS, ...(JSON.parse(browserStorage.get(StorageKeys.questionnaireFilter) ?? '{}') as Partial<ListFilters>) };
  } catch {
    return NO_FILTERS;
  }
}

const target = (row: AdminQuestionnaireRow) => ({
  QuestionnaireId: row.QuestionnaireId,
  GroupId: row.GroupId,
  Country: row.Entity,
  Period: row.Period,
});

/** Reopening starts a new approval round (the service withdraws the approvals that closed it). */
const REOPENED =
  'Reopened: the approvals given before no longer count; two law firms must approve again before it can be submitted as final.';

/**
 * The admin's Open/Closed selector: a change is confirmed before it is saved, since
 * closing makes the questionnaire read-only for its respondents (and opening lets them edit
 * again, in a new approval round). Cancelling leaves the status as it was.
 */
function StatusSelector({ row }: { row: AdminQuestionnaireRow }) {
  const [closeOrOpen, { isLoading }] = useCloseOrOpenMutation();
  const [asked, setAsked] = useState<QuestionnaireStatus | null>(null);
  const toast = useToast();
  const change = async (Status: QuestionnaireStatus) => {
    const result = await closeOrOpen({ QuestionnaireId: row.QuestionnaireId, Status });
    setAsked(null);
    if ('data' in result && result.data) {
      toast.success(QuestionnaireListMessages.saved);
      if (Status === 'Open') toast.info(REOPENED, 8000);
    } else toast.danger(QuestionnaireListMessages.saveFailed, 5000);
  };
  return (
    <>
      <select
        aria-label={`Status of ${row.Entity} ${row.Period}`}
        value={row.Status}
        disabled={isLoading}
        onChange={(e) => setAsked(e.target.value as QuestionnaireStatus)}
        className="status-select"
      >
        <option value="Open">Open</option>
        <option value="Closed">Closed</option>
      </select>
      <ConfirmDialog
        open={!!asked}
        title={asked === 'Closed' ? 'Close this questionnaire?' : 'Open this questionnaire?'}
        confirmLabel={asked === 'Closed' ? 'Close questionnaire' : 'Open questionnaire'}
        variant="primary"
        busy={isLoading}
        onClose={() => setAsked(null)}
        onConfirm={() => asked && void change(asked)}
      >
        {asked === 'Closed'
          ? `${row.Entity}, ${row.Period} becomes read-only: its respondents can no longer change answers.`
          : `${row.Entity}, ${row.Period} opens again: its respondents can change answers, and two law firms must approve it again.`}
      </ConfirmDialog>
    </>
  );
}

/** How far an open questionnaire is (sections answered); a closed one says when it closed. */
function ProgressCell({ row, progress }: { row: AdminQuestionnaireRow; progress: QuestionnaireProgress | undefined }) {
  if (row.Status === 'Closed') return <span className="muted">Closed{row.ClosedOn ? ` ${formatShortDate(row.ClosedOn)}` : ''}</span>;
  if (!progress) return <span className="muted">—</span>;
  return (
    <span className="progress-cell">
      <progress max={progress.SectionsTotal} value={progress.SectionsAnswered} aria-hidden="true" /> {progress.SectionsAnswered} of{' '}
      {progress.SectionsTotal} sections
    </span>
  );
}

/** Who approved the current answers, and whether that is enough to submit as final. */
function ApprovalsCell({ row, progress }: { row: AdminQuestionnaireRow; progress: QuestionnaireProgress | undefined }) {
  if (row.Status === 'Closed') return <span className="muted">Submitted</span>;
  if (!progress) return <span className="muted">—</span>;
  const firms = progress.Approvals.map((a) => a.OrganizationName || a.Name);
  return (
    <span>
      {firms.length ? firms.join(', ') : <span className="muted">None yet</span>}
      {progress.ReadyForFinalization ? (
        <strong className="approvals-ready"> · ready to submit</strong>
      ) : (
        <span className="muted"> · {firms.length} of 2 firms</span>
      )}
    </span>
  );
}

/**
 * The admin view of /manage/questionnaires: filter text, Entity/Period/Status
 * filters, 10 per page, row actions, the Open/Closed selector and Add Questionnaire;
 * one table, each open questionnaire with how far it is and who approved it.
 */
export function AdminQuestionnaireList() {
  const [filters, setFilters] = useState<ListFilters>(storedFilters);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ScoringEditorTarget | null>(null);
  const [exporting, setExporting] = useState<CurrentQuestionnaire | null>(null);
  const toast = useToast();
  const exported = useCallback(
    (error?: unknown) => {
      setExporting(null);
      if (error) {
        console.error('questionnaire export failed', error);
        toast.danger(EXPORT_FAILED, 6000);
      }
    },
    [toast],
  );
  const openQuestionnaire = useOpenQuestionnaire();
  const { data: all = [] } = useQuestionnaireReportQuery([]);
  const serverFilters = useMemo<QuestionnaireReportFilter[]>(
    () =>
      [
        filters.entity && { Key: 'Entity' as const, Value: filters.entity },
        filters.period && { Key: 'Period' as const, Value: filters.period },
        filters.status && { Key: 'Status' as const, Value: filters.status },
      ].filter((f): f is QuestionnaireReportFilter => !!f),
    [filters.entity, filters.period, filters.status],
  );
  const { data: rows = [], isLoading } = useQuestionnaireReportQuery(serverFilters);
  // admins get every open questionnaire's progress and approvals
  const { data: progress } = useQuestionnaireProgressQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const progressOf = useMemo(() => new Map((progress ?? []).map((p) => [p.QuestionnaireId, p])), [progress]);

  const update = (change: Partial<ListFilters>) =>
    setFilters((f) => {
      const next = { ...f, ...change };
      browserStorage.set(StorageKeys.questionnaireFilter, JSON.stringify(next));
      return next;
    });

  /** Row actions opening the scoring area's editors (questionnaire A–F, enforceability A–D). */
  const openQuestionnaireEditor = (row: AdminQuestionnaireRow) => setEditing({ kind: 'questionnaire', row });
  const openEnforceabilityEditor = (row: AdminQuestionnaireRow) => setEditing({ kind: 'enforceability', row });
  const closeEditor = () => setEditing(null);

  const entities = useMemo(() => [...new Set(all.map((r) => r.Entity))].sort(), [all]);
  const periods = useMemo(() => [...new Set(all.map((r) => r.Period))], [all]);

  const columns: ColumnDef<AdminQuestionnaireRow, any>[] = [
    { accessorKey: 'Entity', header: 'Entity' },
    { accessorKey: 'Period', header: 'Period' },
    { accessorKey: 'Status', header: 'Status', cell: (c) => <StatusSelector row={c.row.original} /> },
    {
      id: 'progress',
      header: 'Progress',
      accessorFn: (r) => (r.Status === 'Closed' ? 2 : (progressOf.get(r.QuestionnaireId)?.SectionsAnswered ?? 0) / 100),
      cell: (c) => <ProgressCell row={c.row.original} progress={progressOf.get(c.row.original.QuestionnaireId)} />,
    },
    {
      id: 'approvals',
      header: 'Approvals',
      accessorFn: (r) => progressOf.get(r.QuestionnaireId)?.Approvals.length ?? (r.Status === 'Closed' ? 3 : 0),
      cell: (c) => <ApprovalsCell row={c.row.original} progress={progressOf.get(c.row.original.QuestionnaireId)} />,
    },
    { accessorKey: 'LastUpdated', header: 'Last Updated', cell: (c) => formatShortDate(c.getValue() as string) },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: (c) => {
        const row = c.row.original;
        return (
          <div className="row-actions-cell">
            <RowMenu
              label={`Actions for ${row.Entity}, ${row.Period}`}
              actions={[
                { label: 'Scores and notices', onSelect: () => openQuestionnaireEditor(row) },
                { label: 'Enforceability scores', onSelect: () => openEnforceabilityEditor(row) },
                { label: 'Scorecard', to: `/index/${row.GroupId}#notices` },
                { label: 'Go to questionnaire', onSelect: () => openQuestionnaire(target(row)) },
                { label: 'Export PDF', onSelect: () => setExporting(target(row)), disabled: !!exporting },
              ]}
            />
          </div>
        );
      },
    },
  ];

  return (
    <section className="section admin-questionnaires" aria-labelledby="admin-questionnaires-title">
      <div className="cluster section-title-row">
        <h2 id="admin-questionnaires-title">All questionnaires</h2>
        <Button onClick={() => setAdding(true)}>Add Questionnaire</Button>
      </div>
      <div className="toolbar">
        <FilterBox value={filters.text} onChange={(text) => update({ text })} label="Filter questionnaires" />
        <SelectField label="Entity" value={filters.entity} onChange={(e) => update({ entity: e.target.value })}>
          <option value="">All</option>
          {entities.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </SelectField>
        <SelectField label="Period" value={filters.period} onChange={(e) => update({ period: e.target.value })}>
          <option value="">All</option>
          {periods.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={filters.status} onChange={(e) => update({ status: e.target.value })}>
          <option value="">All</option>
          <option value="Open">Open</option>
          <option value="Closed">Closed</option>
        </SelectField>
      </div>
      <DataTable
        columns={columns}
        data={rows}
        loading={isLoading}
        pageSize={10}
        filterText={filters.text}
        filterFields={[(r) => r.Entity, (r) => r.Period, (r) => r.Status]}
        caption="Questionnaires"
        emptyText="No questionnaire matches these filters."
        getRowId={(r) => r.QuestionnaireId}
      />
      {exporting && (
        <>
          <p className="notice notice-info" role="status">
            <span className="spinner" aria-hidden="true" /> Preparing the PDF of {exporting.Country}, {exporting.Period}…
          </p>
          <QuestionnaireExport target={exporting} onDone={exported} />
        </>
      )}
      {adding && <AddQuestionnaireModal onClose={() => setAdding(false)} />}
      {editing && <ScoringEditor target={editing} onClose={closeEditor} />}
    </section>
  );
}
