/** Shown wherever demo scores appear: they are not real assessments. */
export function DemoNotice({ what = 'The scores on this page' }: { what?: string }) {
  return (
    <p className="notice demo-notice" role="note">
      <strong>Demo data.</strong> {what} are illustrative only and are not an assessment of any country.
    </p>
  );
}
