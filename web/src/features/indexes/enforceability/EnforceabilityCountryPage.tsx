import { Link, useParams } from 'react-router';

import { ScoringMessages, type EnforceabilityScorecard } from '@cti/contracts';
import { ENFORCEABILITY_VARIABLE_NAMES, ENFORCEABILITY_VARIABLES, enforceabilityBreakdown } from '@cti/scoring-rules';

import { Spinner } from '../../../components/form/fields';
import { useFailureToast } from '../../../components/toast/use-failure-toast';
import { formatDate } from '../../../lib/dates';
import { CategoryBadge } from '../components/CategoryBadge';
import { CountryFlag } from '../components/CountryFlag';
import { DemoNotice } from '../components/DemoNotice';
import { PointsTable } from '../components/PointsTable';
import { PrintScorecardButton } from '../components/PrintScorecardButton';
import { RichText } from '../components/RichText';
import { useEnforceabilityHistoryQuery, useEnforceabilityScorecardQuery } from '../indexes-api';

import { EnforceabilityNav } from './EnforceabilityNav';
import '../indexes.css';

function History({ groupId }: { groupId: string }) {
  const { data = [], isLoading } = useEnforceabilityHistoryQuery(groupId);
  if (isLoading) return <Spinner label="Loading the score history…" />;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Enforceability score history">
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">Period</th>
            {ENFORCEABILITY_VARIABLES.map((v) => (
              <th key={v} scope="col" className="text-right">
                <abbr title={ENFORCEABILITY_VARIABLE_NAMES[v]}>{v}</abbr>
                <span className="visually-hidden"> · {ENFORCEABILITY_VARIABLE_NAMES[v]}</span>
              </th>
            ))}
            <th scope="col" className="text-right">
              Score
            </th>
            <th scope="col">Category</th>
          </tr>
        </thead>
        <tbody>
          {[...data].reverse().map((h) => (
            <tr key={h.PeriodId}>
              <td>{h.Period}</td>
              {ENFORCEABILITY_VARIABLES.map((v) => (
                <td key={v} className="text-right">
                  {h[v]}
                </td>
              ))}
              <td className="text-right">{h.Score}</td>
              <td>
                <CategoryBadge category={h.Category} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Scores({ card }: { card: EnforceabilityScorecard }) {
  return (
    <>
      <section className="scorecard-summary card" aria-label="Score">
        <div className="score-block">
          <span className="muted">Enforceability score</span>
          <span className="score-big">{card.Score}</span>
          <CategoryBadge category={card.Category} />
        </div>
        <dl className="facts">
          <dt>Period</dt>
          <dd>{card.Period}</dd>
          {card.UpdatedOn && (
            <>
              <dt>Last updated</dt>
              <dd>{formatDate(card.UpdatedOn)}</dd>
            </>
          )}
        </dl>
      </section>
      {card.Access.details ? (
        <>
          <section className="section" aria-labelledby="e-variables-title">
            <h2 id="e-variables-title">Scores A to D</h2>
            <PointsTable title="Scores A to D" breakdown={enforceabilityBreakdown(card)} names={ENFORCEABILITY_VARIABLE_NAMES} />
          </section>
          {card.ExplanatoryComments && (
            <section className="section">
              <h2>Explanatory comments</h2>
              <RichText html={card.ExplanatoryComments} />
            </section>
          )}
          {card.ImprovingScore && (
            <section className="section">
              <h2>Improving the score</h2>
              <RichText html={card.ImprovingScore} />
            </section>
          )}
          {card.Acknowledgements && (
            <section className="section">
              <h2>Acknowledgements</h2>
              <RichText html={card.Acknowledgements} />
            </section>
          )}
        </>
      ) : (
        <p className="notice">The scores A to D and the explanatory texts are available to subscribers.</p>
      )}
      {card.Access.history && (
        <section className="section">
          <h2>Score history</h2>
          <History groupId={card.GroupId} />
        </section>
      )}
    </>
  );
}

/** /enforceabilityIndex/{GroupId}: a country's enforceability scores, or the no-scores text. */
export default function EnforceabilityCountryPage() {
  const { groupId = '' } = useParams();
  const { data: card, error, isLoading } = useEnforceabilityScorecardQuery(groupId, { skip: !groupId });
  useFailureToast(error, ScoringMessages.countryFailed, { durationMs: 5000, quietStatus: 403 });
  if (isLoading) return <Spinner />;
  if (!card) return <p className="notice notice-danger">{ScoringMessages.countryFailed}</p>;
  return (
    <article className="indexes scorecard" aria-labelledby="e-country-title">
      <header className="page-header scorecard-header">
        <div className="cluster">
          <CountryFlag logoPath={card.LogoPath} countryId={card.CountryId} size="large" />
          <div>
            <span className="eyebrow">Enforceability Index{card.Period ? ` · ${card.Period}` : ''}</span>
            <h1 id="e-country-title">{card.Name}</h1>
          </div>
        </div>
        <div className="page-header-actions">
          {card.HasScores && <PrintScorecardButton groupId={card.GroupId} variant="enforceability" />}
        </div>
      </header>
      <EnforceabilityNav />
      {card.IsDemo && <DemoNotice what="The scores of this page" />}
      {card.HasScores ? <Scores card={card} /> : <p className="notice">{ScoringMessages.noEnforceabilityScores}</p>}
      {card.Contracting && (
        <p>
          {card.Name} is a contracting state: see its <Link to={`/index/${card.GroupId}`}>Compliance Index scorecard</Link>.
        </p>
      )}
      <p>
        <Link to="/enforceabilityIndex">Back to the Enforceability Index</Link>
      </p>
    </article>
  );
}
