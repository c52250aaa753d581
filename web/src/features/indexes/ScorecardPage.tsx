import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';

import {
  canSeeAnnotations,
  canSeeHistoricalCharts,
  canSeeScorecardDetails,
  canSeeScorecardDocuments,
  canSeeWatchlist,
  canSimulate,
} from '@cti/access';
import { ExportPaths, ScoringMessages, type DocumentRow, type Scorecard } from '@cti/contracts';
import { complianceBreakdown, VARIABLE_NAMES } from '@cti/scoring-rules';

import { usePrincipal } from '../../app/hooks';
import { Button, Spinner } from '../../components/form/fields';
import { useHashScroll } from '../../components/scroll/use-hash-scroll';
import { useFailureToast } from '../../components/toast/use-failure-toast';
import { useToast } from '../../components/toast/use-toast';
import { answerText, statusOf } from '../../lib/api-error';
import { formatDate } from '../../lib/dates';
import { saveDownloadedFile } from '../../lib/file-download';
import { useDownloadDocumentMutation } from '../documents/documents-api';
import { FollowToggle } from '../notifications/components/FollowToggle';

import { CategoryBadge } from './components/CategoryBadge';
import { CertifiedSection } from './components/CertifiedSection';
import { CountryFlag } from './components/CountryFlag';
import { DemoNotice } from './components/DemoNotice';
import { ChartSketch, DocumentsSketch, LockedSection } from './components/LockedSection';
import { PointsTable } from './components/PointsTable';
import { PrintScorecardButton } from './components/PrintScorecardButton';
import { RichText } from './components/RichText';
import { ScorecardContext } from './components/ScorecardContext';
import { WarningGlyph, WATCHLIST_TOOLTIP } from './components/WatchlistIcon';
import { ExportButtons } from './exports/ExportButtons';
import { ExplainedHistory } from './history/ExplainedHistory';
import ScoreHistoryChart from './history/ScoreHistoryChart';
import { useEmailAnnotationsMutation, useScorecardDocumentsQuery, useScorecardQuery, useScoreHistoryQuery } from './indexes-api';
import { NO_VIEWS_CAUTION } from './row-access';
import { isSimulationLink, withoutSimulation } from './simulator/simulation-link';
import './indexes.css';

function Documents({ groupId }: { groupId: string }) {
  const { data = [], isLoading, isError } = useScorecardDocumentsQuery({ groupId, type: 1 });
  const [download] = useDownloadDocumentMutation();
  const toast = useToast();
  if (isLoading) return <Spinner label="Loading documents…" />;
  if (isError) return <p className="muted">The documents could not be loaded.</p>;
  if (!data.length) return <p className="muted">There are no documents for this country yet.</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Documents">
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Period</th>
            <th scope="col">Uploaded</th>
            <th scope="col">
              <span className="visually-hidden">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((d: DocumentRow) => (
            <tr key={d.S3Name}>
              <td>{d.Title}</td>
              <td>{d.PeriodName ?? ''}</td>
              <td>{formatDate(d.Uploaded)}</td>
              <td>
                <Button
                  variant="link"
                  onClick={async () => {
                    const result = await download({ s3Name: d.S3Name, fileName: d.FileName });
                    if ('data' in result && result.data) saveDownloadedFile(result.data);
                    else toast.danger('Failed to download document. Please try again.', 5000);
                  }}
                >
                  Download
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Annotations({ card, onGone }: { card: Scorecard; onGone(): void }) {
  const [email, { isLoading }] = useEmailAnnotationsMutation();
  const toast = useToast();
  return (
    <div className="stack">
      <p>
        {card.AnnotationName ? <>Annotation of this scorecard: {card.AnnotationName}.</> : 'There is no annotation for this period yet.'}
      </p>
      {card.AnnotationName && (
        <Button
          variant="secondary"
          busy={isLoading}
          onClick={async () => {
            const result = await email({ groupId: card.GroupId, type: 1 });
            if ('data' in result && result.data) toast.success(result.data.message);
            else if (statusOf(result.error) === 404) {
              // deleted meanwhile: say so, and show the scorecard as it is now
              toast.info(answerText(result.error) ?? 'There are no annotations for this country.', 5000);
              onGone();
            } else toast.danger(answerText(result.error) ?? 'An error occurred. Please try again later.', 5000);
          }}
        >
          E-mail me the annotations
        </Button>
      )}
    </div>
  );
}

function History({ groupId, name }: { groupId: string; name: string }) {
  const { data, error, isLoading } = useScoreHistoryQuery(groupId);
  useFailureToast(error, ScoringMessages.historyFailed, { durationMs: 5000, quietStatus: 403 });
  if (isLoading) return <Spinner label="Loading the score history…" />;
  if (!data) return <p className="muted">The score history is not available.</p>;
  if (!data.length) return <p className="muted">This country has no scored periods yet.</p>;
  return (
    <>
      {/* inline SVG: drawn as soon as the history arrives, with nothing else to wait for */}
      <ScoreHistoryChart history={data} />
      <ExportButtons path={ExportPaths.scoreHistory(groupId)} title={`${name} score history`} />
      <h3>What changed, period by period</h3>
      <ExplainedHistory history={data} />
    </>
  );
}

/**
 * /index/{GroupId}, the country scorecard: every part shown only to the
 * roles of the permission table (the service leaves out what the caller may not see and says which parts
 * are open in Access); #notices scrolls to the notices after a second.
 */
// the simulator loads only when someone opens it
const ScoreSimulator = lazy(() => import('./simulator/ScoreSimulator'));

export default function ScorecardPage() {
  const { groupId = '' } = useParams();
  const principal = usePrincipal();
  const [params, setParams] = useSearchParams();
  const [simulating, setSimulating] = useState(() => isSimulationLink(params));
  const { data: card, error, isLoading, refetch } = useScorecardQuery(groupId, { skip: !groupId });
  useHashScroll();
  useFailureToast(error, ScoringMessages.countryFailed, { durationMs: 5000, quietStatus: 403 });

  if (statusOf(error) === 403) return <Navigate to={`/restricted?country=${encodeURIComponent(groupId)}`} replace />;
  if (isLoading) return <Spinner />;
  if (!card) return <p className="notice notice-danger">{ScoringMessages.countryFailed}</p>;
  if (!card.Contracting) return <Navigate to={`/enforceabilityIndex/${card.GroupId}`} replace />;

  const { Access: access } = card;
  const country = { groupId: card.GroupId, countryId: card.CountryId };
  const teaserCountry = { groupId: card.GroupId, name: card.Name };
  const noViews = card.Score <= 0;
  const showNotices = access.watchlist && (card.Watchlist || card.IsSpecialNotice) && !!card.Notice;
  const maySimulate = !!principal && canSimulate(principal) && access.details && card.A !== null;

  return (
    <article className="indexes scorecard" aria-labelledby="scorecard-title">
      <header className="page-header scorecard-header">
        <div className="cluster">
          <CountryFlag logoPath={card.LogoPath} countryId={card.CountryId} size="large" />
          <div>
            <span className="eyebrow">Compliance Index scorecard{card.Period ? ` · ${card.Period}` : ''}</span>
            <h1 id="scorecard-title">{card.Name}</h1>
          </div>
        </div>
        <div className="page-header-actions cluster">
          <FollowToggle groupId={card.GroupId} country={card.Name} allowed={access.open} />
          {maySimulate && (
            <Button variant="secondary" aria-expanded={simulating} onClick={() => setSimulating(true)}>
              What-if simulator
            </Button>
          )}
          {!noViews && <PrintScorecardButton groupId={card.GroupId} variant="compliance" />}
        </div>
      </header>
      {maySimulate && simulating && (
        <Suspense fallback={<Spinner label="Loading the simulator…" />}>
          <ScoreSimulator
            card={card}
            onClose={() => {
              setSimulating(false);
              setParams((current) => withoutSimulation(current), { replace: true });
            }}
          />
        </Suspense>
      )}
      {card.IsDemo && <DemoNotice what="The scores of this scorecard" />}

      {noViews ? (
        <p className="notice notice-warning zero-caution" role="note">
          {NO_VIEWS_CAUTION}
        </p>
      ) : (
        <>
          <section className="scorecard-summary card" aria-label="Score">
            <div className="score-block">
              <span className="muted">Score</span>
              <span className="score-big">{card.Score}</span>
              <CategoryBadge category={card.Category} />
            </div>
            <dl className="facts">
              <dt>Qualifying declarations made</dt>
              <dd>{card.QualifyingDeclarations ? 'Yes' : 'No'}</dd>
              <dt>ASU conclusion</dt>
              <dd>{card.Suspended ? 'Suspended' : (card.ASU ?? '-')}</dd>
              {card.isPBA !== null && (
                <>
                  <dt>Precedent-based adjustment</dt>
                  <dd>{card.isPBA ? card.PBALevel : 'None'}</dd>
                </>
              )}
              {access.watchlist && card.Watchlist && (
                <>
                  <dt>Watchlist</dt>
                  <dd>
                    <a href="#notices" className="watchlist-link" title={WATCHLIST_TOOLTIP}>
                      <WarningGlyph /> On the watchlist
                    </a>
                  </dd>
                </>
              )}
              {card.Period && (
                <>
                  <dt>Period</dt>
                  <dd>{card.Period}</dd>
                </>
              )}
              {card.UpdatedOn && (
                <>
                  <dt>Last updated</dt>
                  <dd>
                    <time dateTime={card.UpdatedOn} className="nowrap">
                      {formatDate(card.UpdatedOn)}
                    </time>
                  </dd>
                </>
              )}
            </dl>
          </section>
          <ScorecardContext card={card} />

          {access.watchlist ? (
            <section id="notices" className="section" aria-labelledby="notices-title">
              <h2 id="notices-title">Notices</h2>
              {showNotices ? (
                <div className={`notice ${card.Watchlist ? 'notice-warning' : ''}`}>
                  <strong>{card.Watchlist ? 'Watchlist notice' : 'Special notice'}</strong>
                  <RichText html={card.Notice} />
                  {card.Watchlist && (
                    <p className="small">
                      <Link to="/about/faq#watchlist">What the watchlist means</Link>
                    </p>
                  )}
                </div>
              ) : (
                <p className="muted">There are no notices for this country.</p>
              )}
            </section>
          ) : (
            <LockedSection
              id="notices"
              title="Notices"
              holds={<>Watchlist and special notices about {card.Name}: material developments and how to read the scorecard meanwhile.</>}
              allowed={(p) => canSeeWatchlist(p, country)}
              country={teaserCountry}
            />
          )}

          {access.details ? (
            <>
              <section className="section" aria-labelledby="variables-title">
                <h2 id="variables-title">Scores A to F</h2>
                <PointsTable title="Scores A to F" breakdown={complianceBreakdown(card, !!card.isPBA, card.PBA)} names={VARIABLE_NAMES} />
              </section>
              {card.ExplanatoryComments && (
                <section className="section" aria-labelledby="comments-title">
                  <h2 id="comments-title">Explanatory comments</h2>
                  <RichText html={card.ExplanatoryComments} />
                </section>
              )}
              {card.ImprovingScore && (
                <section className="section" aria-labelledby="improving-title">
                  <h2 id="improving-title">Improving the score</h2>
                  <RichText html={card.ImprovingScore} />
                </section>
              )}
              {card.Acknowledgements && (
                <section className="section" aria-labelledby="ack-title">
                  <h2 id="ack-title">Acknowledgements</h2>
                  <RichText html={card.Acknowledgements} />
                </section>
              )}
            </>
          ) : (
            <LockedSection
              id="variables"
              title="Scores A to F"
              holds={
                <>
                  The six variables behind {card.Name}&apos;s score, from {VARIABLE_NAMES.A.toLowerCase()} to{' '}
                  {VARIABLE_NAMES.F.toLowerCase()}, with the points each adds, the explanatory comments and how the score could improve.
                </>
              }
              allowed={(p) => canSeeScorecardDetails(p, country)}
              country={teaserCountry}
            />
          )}

          {access.history ? (
            <section className="section" aria-labelledby="history-title">
              <h2 id="history-title">Score history</h2>
              <History groupId={card.GroupId} name={card.Name} />
            </section>
          ) : (
            <LockedSection
              id="history"
              title="Score history"
              holds={
                <>A chart of {card.Name}&apos;s score and its six variables in every period scored, with what changed each time and why.</>
              }
              allowed={(p) => canSeeHistoricalCharts(p, country)}
              country={teaserCountry}
              preview={<ChartSketch />}
            />
          )}
          {access.annotations ? (
            <section className="section" aria-labelledby="annotations-title">
              <h2 id="annotations-title">Annotations</h2>
              <Annotations card={card} onGone={() => void refetch()} />
            </section>
          ) : (
            <LockedSection
              id="annotations"
              title="Annotations"
              holds={<>The working group&apos;s annotated analysis of {card.Name}&apos;s implementation, sent to you by e-mail.</>}
              allowed={(p) => canSeeAnnotations(p, country)}
              country={teaserCountry}
            />
          )}
          {access.documents ? (
            <section className="section" aria-labelledby="documents-title">
              <h2 id="documents-title">Documents</h2>
              <Documents groupId={card.GroupId} />
            </section>
          ) : (
            <LockedSection
              id="documents"
              title="Documents"
              holds={<>The supporting documents published for {card.Name}: legislation, declarations and court decisions.</>}
              allowed={(p) => canSeeScorecardDocuments(p, country)}
              country={teaserCountry}
              preview={<DocumentsSketch />}
            />
          )}
          <CertifiedSection card={card} />
        </>
      )}
      <p>
        <Link to="/index">Back to the Compliance Index</Link>
      </p>
    </article>
  );
}
