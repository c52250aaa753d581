import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ASU_A_THRESHOLD, ASU_B_THRESHOLD, COMPLIANCE_BANDS, UNSCORED } from '@cti/scoring-rules';

import { PageHeader } from '../../../components/layout/PageHeader';
import { useHashScroll } from '../../../components/scroll/use-hash-scroll';
import { formatUsd, IndexFacts, numberWord, SubscriptionPrices } from '../index-facts';

import { AboutShell } from './AboutShell';
import { bandRange } from './methodology-numbers';

interface Question {
  /** The anchor other pages link to (/about/faq#watchlist). */
  id: string;
  question: string;
  answer: ReactNode;
}

const [firstUpdate, secondUpdate] = IndexFacts.updateMonths;
const firmsNeeded = numberWord(IndexFacts.firmsNeededToScore);

/** The ten questions of /about/faq, each with its anchor. */
export const FAQ: readonly Question[] = [
  {
    id: 'what-is-the-index',
    question: 'What does the Compliance Index measure?',
    answer: (
      <>
        <p>
          How far a contracting state has implemented the Cape Town Convention and its Aircraft Protocol in its law, how its courts and
          authorities have applied them, and how the wider legal environment supports a creditor relying on them. Each state receives a
          score from 0 to 100 and a category.
        </p>
        <p>
          It does not rate the state's credit, its aviation safety oversight or any particular transaction. See the{' '}
          <Link to="/about/methodology">methodology</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'who-answers',
    question: 'Who provides the legal analysis?',
    answer: (
      <p>
        Between {IndexFacts.lawFirmsPerCountry.min} and {IndexFacts.lawFirmsPerCountry.max} law firms practising in each state answer a
        legal questionnaire for every period. They work pro bono, give non-confidential legal facts, aim for consensus answers among
        themselves, and give no numerical scores: the working group assesses the answers. Answering creates no lawyer–client relationship
        with the working group or with users of the Index.
      </p>
    ),
  },
  {
    id: 'updates',
    question: 'How often is the Index updated?',
    answer: (
      <p>
        Twice a year, in {firstUpdate} and {secondUpdate}. Each update opens a new period and a new questionnaire for every contracting
        state; the scorecard keeps the score of earlier periods as its history.
      </p>
    ),
  },
  {
    id: 'categories',
    question: 'What do the categories mean?',
    answer: (
      <>
        <p>The score places a state in a category:</p>
        <ul>
          {COMPLIANCE_BANDS.map((band) => (
            <li key={band.category}>
              <strong>{band.category}</strong>: {bandRange(band)}
            </li>
          ))}
        </ul>
        <p>
          A state may also be shown as Suspended or as Insufficient Legal Analysis. The{' '}
          <Link to="/about/methodology#categories">methodology</Link> explains each.
        </p>
      </>
    ),
  },
  {
    id: 'watchlist',
    question: 'What is a watchlist notice?',
    answer: (
      <>
        <p>
          A contracting state is placed on watch when there are ongoing material developments, such as a court decision, new legislation or
          the handling of a repossession, whose impact on its score has not yet been assessed. Its scorecard should be read with added
          caution until the next update takes the developments into account.
        </p>
        <p>
          On the index list a watchlist icon marks the state. Selecting it opens the notices on the state's scorecard (the{' '}
          <code>#notices</code> section). Administrators, members, Enhanced and Standard subscribers and country viewers see watchlist icons
          for every state; country respondents see them for their own state.
        </p>
      </>
    ),
  },
  {
    id: 'qualifying-declarations',
    question: 'What are qualifying declarations, and why does the index list have two tabs?',
    answer: (
      <>
        <p>
          Many of the treaty's protections apply only if a state opts into them by declaration. The declarations that matter most to
          financiers, and that the OECD Aircraft Sector Understanding looks for, include applying Alternative A of Article XI with a waiting
          period of no more than 60 days, declaring under Article 54(2) that remedies may be exercised without leave of the court, and
          fixing short time limits for speedy relief under Article X.
        </p>
        <p>
          The index list therefore has two tabs: states that have made qualifying declarations and states that have not. Compare states
          within a tab.
        </p>
      </>
    ),
  },
  {
    id: 'unscored',
    question: `Why is a state shown as "${UNSCORED}"?`,
    answer: (
      <p>
        A state is scored only once {firmsNeeded} law firms have given their input for the period. Until then it is listed as {UNSCORED}{' '}
        with a score of 0, a caution is shown, and its scorecard is not published. Law firms practising in such a state can help by{' '}
        <Link to="/contact/general">contacting the working group</Link>.
      </p>
    ),
  },
  {
    id: 'enforceability',
    question: 'What is the Enforceability Index?',
    answer: (
      <p>
        A separate index for states that are not parties to the treaty. It assesses, on four variables, how far creditors' rights in
        aircraft can be enforced under local law, and uses the same 0 to 100 scale with its own category bands. Open it from the
        Enforceability Index tab; its <Link to="/enforceabilityIndex/methodology">methodology page</Link> describes the variables.
      </p>
    ),
  },
  {
    id: 'asu',
    question: 'How does the Index relate to the OECD Aircraft Sector Understanding?',
    answer: (
      <p>
        The Aircraft Sector Understanding allows export-credit agencies a lower minimum premium for transactions in states that have
        ratified the treaty with the qualifying declarations and apply it. The ASU assessment page shows, for each contracting state,
        whether qualifying declarations were made, whether variable A is at least {ASU_A_THRESHOLD} and whether variable B is at least{' '}
        {ASU_B_THRESHOLD}, together with the working group's conclusion. It informs, and does not replace, each agency's own decision.
      </p>
    ),
  },
  {
    id: 'access',
    question: 'How do I get access to scorecards and certified scorecards?',
    answer: (
      <>
        <p>
          Free access, with your name, company and e-mail address, shows the index lists with scores and categories. Scorecards with their
          details, history and documents come with a subscription: Enhanced at {formatUsd(SubscriptionPrices.enhanced)} per annum, Standard
          at {formatUsd(SubscriptionPrices.standard)} per annum (without complimentary certified scorecards, annotations and charts), or
          single states at {formatUsd(SubscriptionPrices.perCountry)} per state per annum. Members of the working group have full access.
        </p>
        <p>
          A certified-for-transaction scorecard is a PDF of a state's scorecard certified for use in a named transaction. Enhanced
          subscribers and members download it from the index list; others can order it there. See{' '}
          <Link to="/purchasingAccess">purchasing access</Link>.
        </p>
      </>
    ),
  },
];

/** /about/faq: ten questions with anchors; a hash in the URL is scrolled to after one second. */
export default function FaqPage() {
  useHashScroll();
  return (
    <AboutShell titleId="faq-title">
      <PageHeader titleId="faq-title" eyebrow="About" title="Frequently asked questions" />
      <nav className="faq-toc" aria-labelledby="faq-toc-title">
        <h2 id="faq-toc-title" className="visually-hidden">
          Questions
        </h2>
        <ol>
          {FAQ.map((q) => (
            <li key={q.id}>
              <a href={`#${q.id}`}>{q.question}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose faq-list">
        {FAQ.map((q, i) => (
          <section key={q.id} id={q.id} className="faq-item" aria-labelledby={`${q.id}-q`}>
            <h2 id={`${q.id}-q`}>
              <span className="faq-number" aria-hidden="true">
                {i + 1}.
              </span>{' '}
              {q.question}
            </h2>
            {q.answer}
          </section>
        ))}
      </div>
    </AboutShell>
  );
}
