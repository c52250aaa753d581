import type { AuditChainCheck } from '@cti/contracts';

import { Button } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { formatUtcTimestamp } from '../../../lib/dates';
import { useLatestAuditChainCheckQuery, useStartAuditChainCheckMutation } from '../audit-api';

const count = (n: number) => n.toLocaleString('en-US');
const FAILED = 'The audit chain could not be checked. Please try again later.';

/** What a chain check found, in words: which row breaks the chain and how. */
export function chainCheckText(check: Pick<AuditChainCheck, 'State' | 'Valid' | 'Checked' | 'Total' | 'FirstBroken'>): string {
  if (check.State === 'Running') return `Verifying the audit chain: ${count(check.Checked)} of ${count(check.Total)} rows…`;
  if (check.State === 'Interrupted')
    return `The last check stopped after ${count(check.Checked)} of ${count(check.Total)} rows. Please verify again.`;
  if (check.Valid) return `The audit log is intact: all ${count(check.Checked)} rows verified.`;
  const b = check.FirstBroken!;
  const row = `row #${count(b.Seq)}${b.Action ? ` (${b.Action}, ${formatUtcTimestamp(b.Stamp!)} UTC)` : ''}`;
  switch (b.Reason) {
    case 'altered':
      return `The audit log was tampered with: ${row} was altered after it was recorded.`;
    case 'missing':
      return `The audit log was tampered with: ${row} was removed.`;
    case 'truncated':
      return `The audit log was tampered with: rows from #${count(b.Seq)} on were removed.`;
  }
}

const tone = (check: AuditChainCheck) =>
  check.State === 'Running'
    ? 'notice'
    : check.State === 'Interrupted'
      ? 'notice notice-warning'
      : check.Valid
        ? 'notice notice-success'
        : 'notice notice-danger';

/**
 * Tamper evidence (beyond the spec): checks the hash chain of the whole audit log in the
 * background, shows how far it got, and names the first row where the chain breaks.
 */
export function ChainCheck() {
  const latest = useLatestAuditChainCheckQuery();
  const running = latest.data?.State === 'Running';
  // follows a running check (started here or by another admin) until it ends
  useLatestAuditChainCheckQuery(undefined, { pollingInterval: running ? 1000 : 0, skip: !running });
  const [start, started] = useStartAuditChainCheckMutation();
  const toast = useToast();
  const check = latest.data;

  const run = async () => {
    const result = await start();
    if ('error' in result) toast.danger(FAILED);
  };
  return (
    <div className="chain-check">
      <Button variant="secondary" onClick={run} busy={started.isLoading || running}>
        {running ? 'Verifying the audit chain…' : 'Verify audit chain'}
      </Button>
      {check && (
        <div role="status" className={tone(check)} data-testid="chain-check-result">
          <p>{chainCheckText(check)}</p>
          {running ? (
            <progress max={Math.max(check.Total, 1)} value={check.Checked} aria-label="Rows verified" />
          ) : (
            <p className="small muted">
              Checked {formatUtcTimestamp(check.FinishedAt ?? check.StartedAt)} UTC by {check.StartedBy}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
