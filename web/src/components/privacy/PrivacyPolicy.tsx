import { Link } from 'react-router';

/** Version of the Privacy Policy in force. */
const PRIVACY_POLICY_DATE = '15 September 2025';
const PRIVACY_POLICY_ISO_DATE = '2025-09-15';

/**
 * The Privacy Policy text, version dated 15 September 2025. Rendered by the page and by
 * the modal; `headingLevel` keeps the outline right in both (h2 sections under the page's
 * h1, h3 under the modal's h2 title).
 */
export default function PrivacyPolicy({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="prose privacy-policy">
      <p className="policy-version">
        Version dated <time dateTime={PRIVACY_POLICY_ISO_DATE}>{PRIVACY_POLICY_DATE}</time>
      </p>

      <H>Who we are</H>
      <p>
        The Aviation Working Group runs this platform and publishes the Compliance Index and the Enforceability Index. It is the controller
        of the personal data described here. Questions and requests about your data go through the{' '}
        <Link to="/contact/general">contact form</Link>.
      </p>

      <H>What we collect</H>
      <ul>
        <li>
          <strong>Account details</strong>: your name, e-mail address, organisation and its address, the roles and groups your access is
          made of, and any expiry date of that access.
        </li>
        <li>
          <strong>Free access</strong>: the name, company and e-mail address you give, the confirmation of that address, and when you agreed
          to the terms.
        </li>
        <li>
          <strong>Questionnaire work</strong>, for respondents: your answers, consents and approvals, with your name and firm, and the
          history of changes to each answer.
        </li>
        <li>
          <strong>Purchases</strong>: what you bought, when, for how much, and the payment provider's transaction and subscription
          references. You enter card details with the payment provider; they never reach us.
        </li>
        <li>
          <strong>Messages</strong>: what you send through the contact form, with the name, e-mail address and organisation you give.
        </li>
        <li>
          <strong>Activity and security records</strong>: sign-ins and the actions recorded in the platform's audit log, and the IP address
          and browser details in server logs.
        </li>
      </ul>
      <p>
        The platform keeps your signed-in session (your user record and sign-in tokens) and your questionnaire list filter in your browser's
        local storage. Signing out removes them. It sets no advertising or analytics cookies.
      </p>

      <H>Why we use it</H>
      <ul>
        <li>
          To provide the access you have registered for or bought, and to send the e-mails that go with it (confirmation, welcome, password
          reset). This is necessary to perform our agreement with you.
        </li>
        <li>
          To run the questionnaire process with the responding law firms and publish the indexes. This is in our legitimate interest and
          theirs.
        </li>
        <li>
          To keep the platform secure, prevent misuse and keep an audit trail of changes to questionnaires and scores. This is in our
          legitimate interest.
        </li>
        <li>To keep financial records of purchases, as the law requires.</li>
        <li>To answer your messages and reports. This is in our legitimate interest, and in yours.</li>
      </ul>

      <H>Who receives it</H>
      <p>
        Our service providers process data on our instructions only: cloud hosting and file storage, e-mail delivery, and the card payment
        provider for payments and subscriptions. Respondents for the same state see each other's answers and names while working on a
        questionnaire. Your group manager sees the members of the groups they manage. We do not sell personal data or use it for
        advertising.
      </p>
      <p>
        Some providers may process data outside your country. Where the law requires, transfers are covered by appropriate safeguards such
        as standard contractual clauses.
      </p>

      <H>How long we keep it</H>
      <p>
        Account details are kept while the account is active and for up to two years after it ends. Questionnaire answers, approvals and the
        audit log are kept as long as the published indexes they support. Purchase records are kept as long as tax and accounting law
        requires. Server logs are kept for up to 90 days. Contact messages are kept for up to two years.
      </p>

      <H>Your rights</H>
      <p>
        Depending on the law that applies to you, you may ask for access to your data, its correction or deletion, restriction of or
        objection to its use, and a copy in a portable form. You can correct your name in My account. Where we rely on your consent you may
        withdraw it at any time. You may also complain to a data protection supervisory authority.
      </p>

      <H>Security</H>
      <p>
        Passwords are stored only as salted hashes, sign-in tokens are short-lived, and connections to the platform are encrypted. Access to
        materials and administrative functions is limited by role.
      </p>

      <H>Changes</H>
      <p>
        The date at the top shows which version applies. When we change this policy materially we will tell signed-in users and, where
        required, ask them to agree again.
      </p>
    </div>
  );
}
