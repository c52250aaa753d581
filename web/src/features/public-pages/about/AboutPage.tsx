import { Link } from 'react-router';

import { PageHeader } from '../../../components/layout/PageHeader';
import { IndexFacts, numberWord } from '../index-facts';

import { AboutShell } from './AboutShell';

const [firstUpdate, secondUpdate] = IndexFacts.updateMonths;
const { min: minFirms, max: maxFirms } = IndexFacts.lawFirmsPerCountry;

/** /about: the treaty, the working group and how the Index is made. */
export default function AboutPage() {
  return (
    <AboutShell titleId="about-title">
      <PageHeader
        titleId="about-title"
        eyebrow="About"
        title="About the Index"
        lead="The Compliance Index measures how far each contracting state has given effect to the Cape Town Convention and its Aircraft Protocol, in its law and in practice, so that lessors, lenders, export-credit agencies and governments can judge jurisdiction risk on evidence."
      />
      <div className="prose">
        <section aria-labelledby="about-treaty">
          <h2 id="about-treaty">The treaty</h2>
          <p>
            The Convention on International Interests in Mobile Equipment and its Protocol on Matters Specific to Aircraft Equipment were
            concluded at Cape Town on 16 November 2001. For aircraft objects (airframes, aircraft engines and helicopters above the
            Protocol's size thresholds) they have applied since 1 March 2006. The treaty has been ratified by {IndexFacts.ratifiedBy}{' '}
            countries.
          </p>
          <p>
            The treaty gives creditors a single international regime in place of the differing rules of each state where an aircraft may be:
          </p>
          <ul>
            <li>
              an <strong>international interest</strong>, created by a security agreement, a title reservation agreement or a leasing
              agreement, that is recognised in every contracting state;
            </li>
            <li>
              the <strong>International Registry</strong>, an electronic register in which priority among registered interests is decided by
              the order of registration;
            </li>
            <li>
              <strong>default remedies</strong>, including repossession, sale or lease of the object and, under the Protocol,
              de-registration of the aircraft and its export from the state where it is located;
            </li>
            <li>
              <strong>speedy relief</strong> from the courts pending final determination of the claim, within the number of days a state
              declares;
            </li>
            <li>
              the <strong>IDERA</strong> (irrevocable de-registration and export request authorisation), which, once recorded with the
              aircraft registry, lets the named party procure de-registration and export without the debtor's further cooperation;
            </li>
            <li>
              <strong>Alternative A</strong> of Article XI of the Protocol, under which an insolvency administrator must give the aircraft
              back to the creditor by the end of a fixed waiting period unless it has cured every default and agreed to perform.
            </li>
          </ul>
          <p>
            Much of this depends on the declarations a state lodges when it ratifies and on whether its courts, aviation authority and
            insolvency administrators then apply the treaty as written. Ratification alone therefore says little about how a transaction
            will fare. The Index looks at both.
          </p>
        </section>

        <section aria-labelledby="about-awg">
          <h2 id="about-awg">The working group</h2>
          <p>
            The Index is published by the Aviation Working Group, a not-for-profit body of aircraft manufacturers, lessors and financial
            institutions that took part in developing the Convention and the Aircraft Protocol and works with governments on their
            ratification and implementation. The Group publishes the Index so that the treaty's benefits, lower financing costs and wider
            access to credit, reach the states that apply it, and so that states can see what would raise their score.
          </p>
        </section>

        <section aria-labelledby="about-method">
          <h2 id="about-method">How the Index is made</h2>
          <ol>
            <li>
              For each contracting state and each period, a legal questionnaire is answered by between {minFirms} and {maxFirms} law firms
              that practise in that state. They work pro bono, answer with non-confidential legal facts, aim for consensus answers, and give
              no numerical score themselves.
            </li>
            <li>
              A state is scored once the input of {numberWord(IndexFacts.firmsNeededToScore)} law firms is in. Until then it is listed as
              unscored.
            </li>
            <li>
              The working group assesses the answers against six variables, A to F, and computes a score from 0 to 100 and a category (Very
              High, High, Medium or Low). The <Link to="/about/methodology">methodology</Link> gives the variables, weights, bands and the
              precedent adjustment.
            </li>
            <li>
              The Index is updated twice a year, in {firstUpdate} and {secondUpdate}. Each update is a period; a state's scorecard keeps its
              score history.
            </li>
            <li>
              Where material developments in a state have not yet been assessed, the state carries a{' '}
              <Link to="/about/faq#watchlist">watchlist notice</Link> until the next update.
            </li>
          </ol>
          <p>
            States that are not parties to the treaty are covered by the separate{' '}
            <Link to="/enforceabilityIndex/about">Enforceability Index</Link>, which assesses the general enforceability of creditors'
            rights in aircraft under local law.
          </p>
        </section>

        <section aria-labelledby="about-users">
          <h2 id="about-users">Who uses it</h2>
          <dl>
            <dt>Lessors and lenders</dt>
            <dd>to weigh jurisdiction risk when pricing and structuring a lease or loan, and to know which remedies they can rely on.</dd>
            <dt>Export-credit agencies</dt>
            <dd>
              for the conditions that bear on the Cape Town discount under the OECD Aircraft Sector Understanding, summarised on the ASU
              assessment page.
            </dd>
            <dt>Governments</dt>
            <dd>
              to see how their implementation is judged and which steps would improve it; each scorecard says what would raise the score.
            </dd>
            <dt>Law firms</dt>
            <dd>as respondents for their state, and as readers of the supporting documents and annotations.</dd>
          </dl>
        </section>

        <section aria-labelledby="about-access">
          <h2 id="about-access">Access</h2>
          <p>
            Anyone may register for free access to see the scores and categories of the Index. Scorecard details, score history,
            annotations, supporting documents and certified-for-transaction scorecards come with a subscription or membership; see{' '}
            <Link to="/purchasingAccess">purchasing access</Link> and <Link to="/useTheIndex">using the Index e-platform</Link>.
          </p>
          <p className="muted">
            The Index reflects the responding law firms' analysis as of each period and the working group's assessment of it. It is not
            legal advice; take advice on any transaction.
          </p>
        </section>
      </div>
    </AboutShell>
  );
}
