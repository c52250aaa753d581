/** /user/sync: a placeholder route; the spec shows no content for it. */
export default function SyncPlaceholderPage() {
  return (
    <section aria-labelledby="sync-title">
      <h1 id="sync-title" className="visually-hidden">
        Sync
      </h1>
    </section>
  );
}
