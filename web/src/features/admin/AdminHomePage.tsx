import { Link } from 'react-router';

import { useAppConfigQuery } from '../../app/app-config';
import { usePrincipal } from '../../app/hooks';
import { ADMIN_SECTIONS } from '../../app/menu';
import { PageHeader } from '../../components/layout/PageHeader';
import './admin.css';

/** /admin: the admin destinations as five groups, each with what it is for. */
export default function AdminHomePage() {
  const principal = usePrincipal();
  const { data: config } = useAppConfigQuery();
  return (
    <section aria-labelledby="admin-title">
      <PageHeader title="Admin" titleId="admin-title" lead="Manage people, questionnaires, the index, commerce and the audit trail." />
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
