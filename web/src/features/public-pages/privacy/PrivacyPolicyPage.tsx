import { PageHeader } from '../../../components/layout/PageHeader';
import { AboutShell } from '../about/AboutShell';
import PrivacyPolicy from '../../../components/privacy/PrivacyPolicy';

/** /about/privacy-policy */
export default function PrivacyPolicyPage() {
  return (
    <AboutShell titleId="privacy-title">
      <PageHeader titleId="privacy-title" eyebrow="About" title="Privacy Policy" />
      <PrivacyPolicy headingLevel={2} />
    </AboutShell>
  );
}
