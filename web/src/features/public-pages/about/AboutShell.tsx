import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import '../public-pages.css';

const SECTIONS = [
  { to: '/about', label: 'About the Index', end: true },
  { to: '/about/methodology', label: 'Methodology' },
  { to: '/about/faq', label: 'FAQ' },
  { to: '/about/terms', label: 'Terms and Conditions' },
  { to: '/about/privacy-policy', label: 'Privacy Policy' },
];

/** The "About" pages side by side with their section navigation. */
export function AboutShell({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <div className="about-layout">
      <nav className="about-nav" aria-label="About the Index">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="about-content" aria-labelledby={titleId}>
        {children}
      </article>
    </div>
  );
}
