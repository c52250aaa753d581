import { Link } from 'react-router';

import { AccessRequestStatuses } from '@cti/contracts';

import { useAppConfigQuery } from '../../app/app-config';
import { usePrincipal } from '../../app/hooks';
import { ADMIN_SECTIONS } from '../../app/menu';
import { PageHeader } from '../../components/layout/PageHeader';
import { useAccessRequestsQuery } from '../accounts/accounts-api';
import { useAdminSubscriptionsQuery } from '../commerce/commerce-api';
import { useQuestionnaireProgressQuery } from '../questionnaires/questionnaire-api';
import './admin.css';

/** Provider statuses of a subscription whose renewal payment did not go through. */
const PAYMENT_FAILED = new Set(['PAST_DUE', 'UNPAID', 'INCOMPLETE', 'INCOMPLETE_EXPIRED']);

interface Attention {
  key: string;
  count: number | undefined;
  /** What the count is of: singular and plural. */
  one: string;
  many: string;
  to: string;
  action: string;
}

const countText = (a: Attention) => (a.count === undefined ? '…' : String(a.count));

/**
 * What needs an admin now, from the lists the admin pages already read: open questionnaires
 * still awaiting the approval of two law firms, and those ready to be submitted as final;
 * access requests in the queue; subscriptions whose payment failed.
 */
function NeedsAttention() {
  const questionnaires = useQuestionnaireProgressQuery(undefined, { refetchOnMountOrArgChange: true });
  const requests = useAccessRequestsQuery(undefined, { refetchOnMountOrArgChange: true });
  const subscriptions = useAdminSubscriptionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const open = questionnaires.data;
  const items: Attention[] = [
    {
      key: 'awaiting',
      count: open?.filter((q) => !q.ReadyForFinalization).length,
      one: 'questionnaire awaiting approval',
      many: 'questionnaires awaiting approval',
      to: '/manage/questionnaires',
      action: 'Questionnaires',
    },
    {
      key: 'ready',
      count: open?.filter((q) => q.ReadyForFinalization).length,
      one: 'questionnaire approved by two firms, ready to submit as final',
      many: 'questionnaires approved by two firms, ready to submit as final',
      to: '/manage/questionnaires',
      action: 'Questionnaires',
    },
    {
      key: 'requests',
      count: requests.data?.filter((r) => r.Status === AccessRequestStatuses.inProgress).length,
      one: 'access request in the queue',
      many: 'access requests in the queue',
      to: '/user/requests',
      action: 'Request Queue',
    },
    {
      key: 'payments',
      count: subscriptions.data?.filter((s) => PAYMENT_FAILED.has(s.Details.status.toUpperCase())).length,
      one: 'subscription with a failed payment',
      many: 'subscriptions with a failed payment',
      to: '/user/subscriptions',
      action: 'Subscriptions',
    },
  ];
  const failed = [questionnaires, requests, subscriptions].some((q) => q.isError);
  return (
    <section className="card admin-attention" aria-labelledby="admin-attention-title">
      <h2 id="admin-attention-title">Needs attention</h2>
      <ul className="admin-attention-list">
        {items.map((a) => (
          <li key={a.key} data-attention={a.key} className={a.count ? 'has-items' : undefined}>
            <strong className="admin-attention-count">{countText(a)}</strong> {a.count === 1 ? a.one : a.many}{' '}
            <Link to={a.to} aria-label={`${a.action}: ${countText(a)} ${a.count === 1 ? a.one : a.many}`}>
              {a.action}
            </Link>
          </li>
        ))}
      </ul>
      {failed && <p className="small muted">Some of these counts could not be loaded; the pages they link to show the lists.</p>}
    </section>
  );
}

/** /admin: what needs attention now, then the admin destinations as five groups, each with what it is for. */
export default function AdminHomePage() {
  const principal = usePrincipal();
  const { data: config } = useAppConfigQuery();
  return (
    <section aria-labelledby="admin-title">
      <PageHeader title="Admin" titleId="admin-title" lead="Manage people, questionnaires, the index, commerce and the audit trail." />
      <NeedsAttention />
      <div className="admin-home">
        {ADMIN_SECTIONS.map((s) => {
          const entries = principal ? s.entries.filter((e) => e.show(principal, config)) : [];
          if (!entries.length) return null;
          return (
            <section key={s.title} className="card admin-home-card" aria-labelledby={`admin-${s.title}`}>
              <h2 id={`admin-${s.title}`}>{s.title}</h2>
              <p className="muted">{s.about}</p>
              <ul>
                {entries.map((e) => (
                  <li key={e.to}>
                    <Link to={e.to}>{e.label}</Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}
