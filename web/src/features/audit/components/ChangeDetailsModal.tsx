import type { AuditRow } from '@cti/contracts';

import { Modal } from '../../../components/modal/Modal';
import { formatUtcTimestamp } from '../../../lib/dates';

import { AnswerDiff } from './AnswerDiff';

/** Change Details: opened from an audit row whose Action is Response. */
export function ChangeDetailsModal({ row, onClose }: { row: AuditRow | null; onClose(): void }) {
  return (
    <Modal open={!!row} title="Change Details" onClose={onClose} width={960}>
      {row && (
        <div className="stack">
          {/* the row's description: HTML built by the audit service with user text escaped */}
          <p dangerouslySetInnerHTML={{ __html: row.Value }} />
          <p className="muted">
            {row.Name}
            {row.Country ? ` (${row.Country})` : ''}, {formatUtcTimestamp(row.Stamp)} UTC
          </p>
          <section aria-label="Differences">
            <h3>Differences</h3>
            <AnswerDiff before={row.Before} after={row.After} />
          </section>
          <div className="grid-2">
            <section aria-label="Answer before">
              <h3>Before</h3>
              <p className="answer-text">{row.Before ?? <span className="muted">(no answer)</span>}</p>
            </section>
            <section aria-label="Answer after">
              <h3>After</h3>
              <p className="answer-text">{row.After ?? <span className="muted">(no answer)</span>}</p>
            </section>
          </div>
        </div>
      )}
    </Modal>
  );
}
