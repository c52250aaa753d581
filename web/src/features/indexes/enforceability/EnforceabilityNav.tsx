import { NavLink } from 'react-router';

/** The Enforceability Index's own pages. */
export function EnforceabilityNav() {
  return (
    <nav className="tabs" aria-label="Enforceability Index">
      <NavLink to="/enforceabilityIndex" end>
        Countries
      </NavLink>
      <NavLink to="/enforceabilityIndex/about">About</NavLink>
      <NavLink to="/enforceabilityIndex/methodology">Methodology</NavLink>
      <NavLink to="/enforceabilityIndex/historical">Historical</NavLink>
    </nav>
  );
}
