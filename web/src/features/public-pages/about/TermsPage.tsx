import { Link } from 'react-router';

import { PageHeader } from '../../../components/layout/PageHeader';

import { AboutShell } from './AboutShell';

/** /about/terms: the terms every user agrees to at /agree or when taking free access. */
export default function TermsPage() {
  return (
    <AboutShell titleId="terms-title">
      <PageHeader
        titleId="terms-title"
        eyebrow="About"
        title="Terms and Conditions"
        lead="These terms govern the use of the Compliance Index, the Enforceability Index and the materials published on this platform."
      />
      <div className="prose">
        <section aria-labelledby="t-nature">
          <h2 id="t-nature">1. What the Index is</h2>
          <p>
            The indexes, scorecards, annotations, ASU assessment and supporting documents (together, the materials) summarise the analysis
            of responding law firms and the working group's assessment of it as of the period stated. They are general information about
            legal systems. They are not legal advice, an opinion on any transaction, or a rating of any state, party or asset, and they
            create no lawyer–client relationship with the working group or with any responding firm.
          </p>
          <p>
            Law and practice change between updates. Before relying on any point for a transaction, take advice from qualified counsel in
            the state concerned. Watchlist notices flag developments not yet assessed.
          </p>
        </section>
        <section aria-labelledby="t-accounts">
          <h2 id="t-accounts">2. Accounts</h2>
          <ul>
            <li>Access is personal. Do not share your password or let others use your account; tell us at once if you suspect misuse.</li>
            <li>Give accurate details when you register or take free access, and keep them up to date in My account.</li>
            <li>Access granted for a limited time, such as for an external legal representative, ends on its expiry date.</li>
            <li>We may suspend an account that breaches these terms.</li>
          </ul>
        </section>
        <section aria-labelledby="t-use">
          <h2 id="t-use">3. Use of the materials</h2>
          <ul>
            <li>
              You may use the materials your access covers for your organisation's internal purposes, including assessing and documenting
              transactions.
            </li>
            <li>
              Do not republish, resell or systematically copy the materials, or make non-public materials available to people without
              access, except as a certified-for-transaction scorecard permits for the transaction it names.
            </li>
            <li>Cite the Index, the state and the period whenever you quote a score or category.</li>
            <li>Do not attempt to reach materials or functions your access does not cover, or disrupt the platform.</li>
          </ul>
        </section>
        <section aria-labelledby="t-respondents">
          <h2 id="t-respondents">4. Respondents</h2>
          <p>
            Law firms answering a questionnaire do so pro bono and provide non-confidential legal facts only. They must not disclose
            client-confidential or privileged information. Answers are shared with the other responding firms for the same state and with
            the working group, and inform the published materials without attribution of individual answers.
          </p>
        </section>
        <section aria-labelledby="t-purchases">
          <h2 id="t-purchases">5. Subscriptions and purchases</h2>
          <p>
            Prices are in US dollars. Subscriptions run for the period purchased and renew through the payment provider until cancelled from
            My account; cancelling stops future renewals. One-time purchases, such as a certified-for-transaction scorecard, are delivered
            as described at checkout. Refunds are at the working group's discretion.
          </p>
        </section>
        <section aria-labelledby="t-liability">
          <h2 id="t-liability">6. Liability</h2>
          <p>
            The materials are provided as they are. To the extent the law allows, neither the working group nor any responding firm is
            liable for any loss arising from reliance on them or from the platform being unavailable.
          </p>
        </section>
        <section aria-labelledby="t-privacy">
          <h2 id="t-privacy">7. Privacy and changes</h2>
          <p>
            The <Link to="/about/privacy-policy">Privacy Policy</Link> explains how personal data is handled. We may change these terms;
            when we do, you will be asked to agree again before continuing to use the platform. Questions:{' '}
            <Link to="/contact/general">contact us</Link>.
          </p>
        </section>
      </div>
    </AboutShell>
  );
}
