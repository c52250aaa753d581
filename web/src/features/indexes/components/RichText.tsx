/**
 * Rich text as the scoring service stores it: sanitized HTML (an allow-list of
 * formatting tags, web links only), so it is rendered as it is.
 */
export function RichText({ html, className = '' }: { html: string | null; className?: string }) {
  if (!html) return null;
  return <div className={`rich-text prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
