import { PageHeader } from '../../../components/layout/PageHeader';
import PrivacyPolicy from '../../../components/privacy/PrivacyPolicy';
import { AboutShell } from '../about/AboutShell';

/** /about/privacy-policy */
export default function PrivacyPolicyPage() {
  return (
    <AboutShell titleId="privacy-title">
      <PageHeader titleId="privacy-title" eyebrow="About" title="Privacy Policy" />
      <PrivacyPolicy headingLevel={2} />
    </AboutShell>
  );
}
