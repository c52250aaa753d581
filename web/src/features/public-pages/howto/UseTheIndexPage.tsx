import { Link } from 'react-router';

import { HowToLayout, type GuideStep } from './HowToLayout';

const STEPS: readonly GuideStep[] = [
  {
    title: 'Sign in',
    body: (
      <p>
        Sign in with your e-mail address and password, or take free access on the <Link to="/login">login page</Link>. The first time, you
        are asked to agree to the <Link to="/about/terms">Terms and Conditions</Link>.
      </p>
    ),
  },
  {
    title: 'Read the Compliance Index',
    body: (
      <p>
        The <Link to="/index">Compliance Index</Link> tab lists contracting states with their score, category and certified-for-transaction
        scorecard. Two tabs separate states that have made qualifying declarations from those that have not; compare states within a tab.
        Search by country, sort by any column, and use <em>Show more</em> for the explanation of the list.
      </p>
    ),
  },
  {
    title: 'Open a scorecard',
    body: (
      <p>
        Select a state to open its scorecard: the score and its history, variables A to F, notices, explanatory comments, what would improve
        the score, acknowledgements and annotations. Print it or download it as a PDF from the scorecard.
      </p>
    ),
  },
  {
    title: 'Heed watchlist notices',
    body: (
      <p>
        A watchlist icon next to a state means material developments have not yet been assessed. Select it to read the notices on the
        scorecard, and read the score with added caution. <Link to="/about/faq#watchlist">More about watchlist notices</Link>.
      </p>
    ),
  },
  {
    title: 'See the map and the history',
    body: (
      <p>
        The <Link to="/map">map</Link> "CTC Compliance Index by country" colours each state by category and hatches states on watch. Its
        legend and the table beside it give the same information in text. Subscribers also see scores over past periods.
      </p>
    ),
  },
  {
    title: 'Check states outside the treaty',
    body: (
      <p>
        The <Link to="/enforceabilityIndex">Enforceability Index</Link> tab covers states that are not parties to the treaty, on four
        variables.
      </p>
    ),
  },
  {
    title: 'Use the ASU assessment and the documents',
    body: (
      <p>
        The <Link to="/awg-asu-assessment">ASU assessment</Link> shows, per state, the three conditions relevant to the Aircraft Sector
        Understanding and downloads as an Excel file. The <Link to="/documents">document library</Link> holds supporting documents for
        subscribers and members.
      </p>
    ),
  },
  {
    title: 'Manage your account',
    body: (
      <p>
        Your name at the top right opens the menu with My Account, Purchase History and Logout. Report a compliance development or ask a
        question through the contact links at the foot of every page.
      </p>
    ),
  },
];

/** /useTheIndex: how to use the Index e-platform. */
export default function UseTheIndexPage() {
  return (
    <HowToLayout
      title="Using the Index E-Platform"
      lead="A walk through the platform: the two indexes, scorecards, watchlist notices, the map, the ASU assessment and your account."
      video="useTheIndex"
      steps={STEPS}
      aside={
        <p className="muted small">
          How scores are computed: <Link to="/about/methodology">methodology</Link>.
        </p>
      }
    />
  );
}
