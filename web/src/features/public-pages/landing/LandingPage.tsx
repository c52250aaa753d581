import { lazy, Suspense } from 'react';
import { Link, Navigate } from 'react-router';

import { UNSCORED } from '@cti/scoring-rules';

import { useAppSelector } from '../../../app/hooks';
import { Spinner } from '../../../components/form/fields';
import { selectUser } from '../../auth/auth-slice';
import { landingPathFor } from '../../auth/landing';
import { MapLegend } from '../../indexes/map/MapLegend';
import { MapTable } from '../../indexes/map/MapTable';
import { IndexFacts, numberWord } from '../index-facts';

import { usePublicSummaryQuery } from './landing-api';
import './landing.css';

const WorldMap = lazy(() => import('../../indexes/map/WorldMap'));

/** Where the two calls to action go. */
const FREE_ACCESS = '/login#free-access';
const SIGN_IN = '/login';

/**
 * `/` for visitors who have not signed in: what the Index is, the period it shows, how
 * many states it covers, the map by category (no scores), the newest headlines, and the
 * two ways in. Signed-in users go on to where they work.
 */
export default function LandingPage() {
  const user = useAppSelector(selectUser);
  const { data, isError } = usePublicSummaryQuery(undefined, { skip: !!user });
  if (user) return <Navigate to={landingPathFor(user)} replace />;
  const [march, september] = IndexFacts.updateMonths;

  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="landing-hero-text">
          <p className="eyebrow">Cape Town Convention · Aircraft Protocol</p>
          <h1 id="landing-title">How well does each state honour the Cape Town Convention?</h1>
          <p className="landing-lead">
            The Compliance Index scores every contracting state from 0 to 100 on how it implements the Convention and its Aircraft Protocol,
            in law and in practice. Lessors, lenders, export-credit agencies and governments read it to price aircraft finance risk.
          </p>
          <div className="landing-actions">
            <Link className="button button-primary button-large" to={FREE_ACCESS}>
              Get free access
            </Link>
            <Link className="button button-secondary button-large" to={SIGN_IN}>
              Sign in
            </Link>
          </div>
          <p className="small muted">Free access shows every state&apos;s score and category. Subscriptions add the full scorecards.</p>
        </div>
        <dl className="landing-facts">
          <div>
            <dt>Latest period</dt>
            <dd>{data?.Period ?? (isError ? '—' : '…')}</dd>
          </div>
          <div>
            <dt>Contracting states covered</dt>
            <dd>{data ? data.StatesCovered : isError ? '—' : '…'}</dd>
          </div>
          <div>
            <dt>Updated</dt>
            <dd>
              Every {march} and {september}
            </dd>
          </div>
        </dl>
      </section>

      <section className="landing-map card" aria-labelledby="landing-map-title">
        <div className="landing-section-head">
          <h2 id="landing-map-title">The index by country{data?.Period ? `, ${data.Period}` : ''}</h2>
          <p className="muted small">Colours show each state&apos;s category. Scores, variables and notices are for signed-in readers.</p>
        </div>
        <MapLegend watchlist={false} />
        {isError ? (
          <p className="notice notice-danger" role="alert">
            The map could not be loaded. Please refresh the page.
          </p>
        ) : !data ? (
          <Spinner label="Loading the map…" />
        ) : (
          <>
            <Suspense fallback={<Spinner label="Loading the map…" />}>
              <WorldMap countries={data.Countries} label={`Compliance Index categories by country, ${data.Period ?? ''}`} />
            </Suspense>
            <details className="map-list">
              <summary>Table of countries and their categories</summary>
              <MapTable countries={data.Countries} showScores={false} caption="Compliance Index category of each contracting state" />
            </details>
          </>
        )}
      </section>

      <div className="landing-columns">
        <section className="card" aria-labelledby="landing-news-title">
          <h2 id="landing-news-title">Latest notices</h2>
          {!data ? (
            isError ? (
              <p className="muted">The notices could not be loaded.</p>
            ) : (
              <Spinner label="Loading…" />
            )
          ) : data.Headlines.length === 0 ? (
            <p className="muted">No new notices this period.</p>
          ) : (
            <ul className="landing-headlines">
              {data.Headlines.map((h) => (
                <li key={`${h.Kind}-${h.Period}-${h.Text}`}>
                  <span className={`badge landing-badge-${h.Kind}`}>{h.Kind === 'watchlist' ? 'Watchlist' : 'Score change'}</span>
                  <span className="landing-headline-text">{h.Text}</span>
                  <span className="muted small nowrap">{h.Period}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="small">
            <Link to={FREE_ACCESS}>Get free access</Link> to see the scores, or{' '}
            <Link to="/about/faq#watchlist">read about the watchlist</Link>.
          </p>
        </section>
        <section className="card" aria-labelledby="landing-how-title">
          <h2 id="landing-how-title">How the Index is made</h2>
          <ul className="landing-points">
            <li>
              {numberWord(IndexFacts.lawFirmsPerCountry.min)} to {numberWord(IndexFacts.lawFirmsPerCountry.max)} law firms answer a legal
              questionnaire for each country; {numberWord(IndexFacts.firmsNeededToScore)} are needed before a country is scored.
            </li>
            <li>
              Six variables, from implementation in national law to timely repossession, make the score; it falls into Very High, High,
              Medium or Low ({UNSCORED} when there is no score yet).
            </li>
            <li>A watchlist marks states where material developments are under way and not yet assessed.</li>
          </ul>
          <p className="cluster small">
            <Link to="/about">About the Index</Link>
            <Link to="/about/methodology">Methodology</Link>
            <Link to="/about/faq">FAQ</Link>
          </p>
        </section>
      </div>

      <section className="landing-cta card" aria-labelledby="landing-cta-title">
        <h2 id="landing-cta-title">Read the Index</h2>
        <p>Free access takes a name, a company and an e-mail address. Subscribers sign in with their account.</p>
        <div className="landing-actions">
          <Link className="button button-primary" to={FREE_ACCESS}>
            Get free access
          </Link>
          <Link className="button button-secondary" to={SIGN_IN}>
            Sign in
          </Link>
          <Link to="/pricing">Plans and prices</Link>
        </div>
      </section>
    </div>
  );
}
