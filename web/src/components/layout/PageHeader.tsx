import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  /** id of the h1, for `aria-labelledby` on the page's section. */
  titleId?: string;
  /** Small label above the title (the area the page belongs to). */
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** Buttons or links aligned with the title. */
  actions?: ReactNode;
}

/** The one page title block: optional eyebrow, the page's h1, a lead paragraph and actions. */
export function PageHeader({ title, titleId, eyebrow, lead, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h1 id={titleId}>{title}</h1>
      </div>
      {actions && <div className="page-header-actions">{actions}</div>}
      {lead && <p className="lead">{lead}</p>}
    </header>
  );
}
