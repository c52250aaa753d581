import { Type } from '@cti/service-kit';

export const DocumentsConfig = Type.Object({
  /** The devstack's data directory; local file storage goes to `<DATA_DIR>/documents` unless STORAGE_DIR says otherwise. */
  DATA_DIR: Type.String({ default: '' }),
  /** `local` (a directory, the embedded default) or `gcs` (Google Cloud Storage). */
  STORAGE_DRIVER: Type.Union([Type.Literal('local'), Type.Literal('gcs')], { default: 'local' }),
  /** Directory of the local adapter; empty means `<DATA_DIR>/documents`, or the system temp dir without DATA_DIR. */
  STORAGE_DIR: Type.String({ default: '' }),
  GCS_BUCKET: Type.String({ default: '' }),
  /** Another JSON API endpoint than Google's (an emulator, a private endpoint). */
  GCS_API_ENDPOINT: Type.String({ default: '' }),
  GCS_PROJECT_ID: Type.String({ default: '' }),
  /** Service-account key file (signs v4 URLs); empty uses the platform's default credentials. */
  GCS_KEY_FILE: Type.String({ default: '' }),
  /** Largest accepted upload. */
  UPLOAD_MAX_BYTES: Type.Integer({ minimum: 1024, default: 25 * 1024 * 1024 }),
  /** How long e-mailed download links stay valid (GCS v4 allows at most 7 days). */
  SIGNED_URL_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 604_800, default: 604_800 }),
  /** Uploads never attached to a document are removed after this many hours. */
  UNATTACHED_UPLOAD_TTL_HOURS: Type.Integer({ minimum: 1, default: 24 }),
  /** Debian's Chromium; playwright-core drives it, nothing is ever downloaded. */
  CHROMIUM_PATH: Type.String({ default: '/usr/bin/chromium' }),
  /** Warm pages of the renderer (one browser per instance). */
  RENDER_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 16, default: 2 }),
  /** Renders waiting for a page beyond this are refused with 503. */
  RENDER_QUEUE_MAX: Type.Integer({ minimum: 1, default: 200 }),
  RENDER_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 20_000 }),
  /** Without a working Chromium, launches are retried in the background: from 1 s, doubling up to this. */
  RENDER_RETRY_MAX_MS: Type.Integer({ minimum: 100, default: 60_000 }),
  /** Largest HTML accepted for rendering. */
  RENDER_MAX_HTML_BYTES: Type.Integer({ minimum: 1024, default: 10 * 1024 * 1024 }),
  /** Renders per user per minute through `POST api/print`. */
  PRINT_RATE_PER_MINUTE: Type.Integer({ minimum: 1, default: 60 }),
  /** Verification look-ups per IP per minute (codes must not be guessable by brute force). */
  VERIFY_RATE_PER_MINUTE: Type.Integer({ minimum: 1, default: 30 }),
  /** ISO codes (identity's CountryId) of the three countries whose annotations are open to all; empty uses libs/access's default. */
  OPEN_ANNOTATION_COUNTRY_IDS: Type.String({ default: '' }),
});
export type DocumentsConfig = Type.Static<typeof DocumentsConfig>;
