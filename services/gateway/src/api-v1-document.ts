import { API_KEY_READ_ROUTES, ErrorBody, ExportFormat, IndexExportRoutes, IndexReadRoutes } from '@cti/contracts';

import { API_KEY_POLICY } from './key-rate-limit';

type Json = Record<string, unknown>;

/** A plain JSON copy of a TypeBox schema (its internal markers dropped). */
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema)) as Json;

type ReadRoute = keyof typeof IndexReadRoutes;
type ExportRoute = keyof typeof IndexExportRoutes;

/** The operation ids generated clients name their methods by: one per route, stable across releases. */
const READ_OPERATIONS: Record<Exclude<ReadRoute, 'publicSummary'>, { id: string; schema: string }> = {
  list: { id: 'listComplianceIndex', schema: 'GroupIndexList' },
  asu: { id: 'listAsuAssessment', schema: 'AsuList' },
  map: { id: 'getComplianceMap', schema: 'MapData' },
  history: { id: 'listHistoricalScores', schema: 'HistoricalScores' },
  enforceabilityList: { id: 'listEnforceabilityIndex', schema: 'EnforceabilityList' },
  enforceability: { id: 'getEnforceabilityScorecard', schema: 'EnforceabilityScorecard' },
  enforceabilityScores: { id: 'listEnforceabilityScoreHistory', schema: 'EnforceabilityHistory' },
  scorecard: { id: 'getScorecard', schema: 'Scorecard' },
  scores: { id: 'listScoreHistory', schema: 'ScoreHistory' },
};
const EXPORT_OPERATIONS: Record<ExportRoute, string> = {
  list: 'exportComplianceIndex',
  enforceability: 'exportEnforceabilityIndex',
  history: 'exportHistoricalScores',
  asu: 'exportAsuAssessment',
  scores: 'exportScoreHistory',
  everything: 'exportEverything',
};

const CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
} as const;

/** `/group/index/:groupId` → `/api/v1/group/index/{groupId}` */
const documentedPath = (path: string) => `/api/v1${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const rateLimitHeaders = {
  RateLimit: ref('headers', 'RateLimit'),
  'RateLimit-Policy': ref('headers', 'RateLimitPolicy'),
  'X-RateLimit-Limit': ref('headers', 'XRateLimitLimit'),
  'X-RateLimit-Remaining': ref('headers', 'XRateLimitRemaining'),
  'X-RateLimit-Reset': ref('headers', 'XRateLimitReset'),
};
const errorContent = { 'application/json': { schema: ref('schemas', 'ErrorBody') } };
const errorResponse = (description: string, headers: Json = rateLimitHeaders) => ({ description, headers, content: errorContent });

const DESCRIPTION = `Read the Compliance Index and the Enforceability Index from your own programs, with what your account may see at the moment of each request.

## Keys
Create a personal key on **My account → API keys** (Standard and Enhanced subscribers, working-group members and admins). Send it as \`X-Api-Key: <key>\` or \`Authorization: ApiKey <key>\`. Keys only read (\`GET\` and \`HEAD\`; other methods answer 405), and stop working the moment they are revoked or past their last day. A missing, unknown, revoked or expired key answers 401 with \`WWW-Authenticate: ApiKey realm="cti"\`; an account no longer entitled to keys answers 403.

## Rate limit
Each key has a limit of its own per window of 60 seconds (120 by default), counted across every server of the platform. Every answer says where your key stands, in the IETF draft's fields and the common ones:

- \`RateLimit-Policy: "${API_KEY_POLICY}";q=120;w=60\`: the key's quota \`q\` per window of \`w\` seconds;
- \`RateLimit: "${API_KEY_POLICY}";r=75;t=42\`: \`r\` requests left in this window, which ends in \`t\` seconds;
- \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\`, \`X-RateLimit-Reset\`: the same three numbers.

Past the limit the answer is **429** with \`Retry-After\` (seconds until the window ends). Pace yourself by \`remaining\` and \`reset\` and you never see one. The platform also limits each client address (1,200 requests a minute by default, shared by everyone behind that address): a 429 from that limit carries \`Retry-After\` and \`X-RateLimit-*\` without \`RateLimit-Policy\`.

## Conditional requests: a 304 costs nothing
The read routes answer with an \`ETag\`. Send it back in \`If-None-Match\`: when nothing changed the answer is **304 Not Modified** with no body, and it **costs your key nothing** (its \`RateLimit\` says so: the request is given back to the window). Polling with \`If-None-Match\` is the cheap way to follow the index.

## Exports
The \`/api/v1/group/index/export/…\` routes stream the same data as files: CSV (UTF-8, streamed row by row) or Excel with \`?format=csv\` or \`?format=xlsx\`, and everything you may see as one ZIP. They answer what the web app's Download buttons answer you, narrowed by the same rules; they carry no ETag (\`Cache-Control: no-store\`).

## Events
Teams given the platform's \`integrations\` NATS account read the index's scores and the audit log as they happen: the contract is the AsyncAPI document \`GET /api/v1/asyncapi.json\` (with your key) and \`docs/consuming-events.md\`.`;

/**
 * The OpenAPI 3.1 document of `/api/v1`, built from the same TypeBox schemas (libs/contracts) the
 * services answer with: every field described, the index's words as enums, an operation id and a
 * summary per route, the key's scheme, the ETag/If-None-Match/304 exchange, the 429 with
 * Retry-After and the key's rate-limit headers on every answer. `serverUrl` is where the reader
 * fetched it from.
 */
export function apiV1Document(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  const schemas: Record<string, Json> = { ErrorBody: plain(ErrorBody) };
  const groupParam = (path: string) => (path.includes(':groupId') ? [ref('parameters', 'GroupId')] : []);

  for (const [key, route] of Object.entries(IndexReadRoutes) as Array<[ReadRoute, (typeof IndexReadRoutes)[ReadRoute]]>) {
    if (key === 'publicSummary' || !API_KEY_READ_ROUTES.some((r) => r.path === route.path)) continue;
    const operation = READ_OPERATIONS[key];
    schemas[operation.schema] = plain(route.response);
    paths[documentedPath(route.path)] = {
      get: {
        operationId: operation.id,
        summary: route.summary,
        description: `The answer of the web app's \`GET /api${route.path}\`, for the key's owner as they are now. Send the ETag back in \`If-None-Match\` for a 304, which costs the key nothing.`,
        tags: [route.tag],
        parameters: [...groupParam(route.path), ref('parameters', 'IfNoneMatch')],
        responses: {
          '200': {
            description: route.summary,
            headers: { ETag: ref('headers', 'ETag'), ...rateLimitHeaders },
            content: { 'application/json': { schema: ref('schemas', operation.schema) } },
          },
          '304': ref('responses', 'NotModified'),
          ...(route.path.includes(':groupId') ? { '400': ref('responses', 'BadRequest') } : {}),
          '401': ref('responses', 'Unauthorized'),
          '403': ref('responses', 'Forbidden'),
          '404': ref('responses', 'NotFound'),
          '429': ref('responses', 'TooManyRequests'),
        },
      },
    };
  }

  for (const [key, route] of Object.entries(IndexExportRoutes) as Array<[ExportRoute, (typeof IndexExportRoutes)[ExportRoute]]>) {
    const files = route.withFormat
      ? {
          [CONTENT_TYPES.csv]: { schema: { type: 'string', description: 'Comma-separated values, a header row first' } },
          [CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary', description: 'An Excel workbook' } },
        }
      : { [CONTENT_TYPES.zip]: { schema: { type: 'string', format: 'binary', description: 'A ZIP of CSV and Excel files' } } };
    paths[documentedPath(route.path)] = {
      get: {
        operationId: EXPORT_OPERATIONS[key],
        summary: route.summary,
        description: `The file of the web app's \`GET /api${route.path}\`, streamed, for the key's owner as they are now.`,
        tags: ['exports'],
        parameters: [...groupParam(route.path), ...(route.withFormat ? [ref('parameters', 'Format')] : [])],
        responses: {
          '200': {
            description: `${route.summary} (an attachment)`,
            headers: { 'Content-Disposition': ref('headers', 'ContentDisposition'), ...rateLimitHeaders },
            content: files,
          },
          '400': ref('responses', 'BadRequest'),
          '401': ref('responses', 'Unauthorized'),
          '403': ref('responses', 'Forbidden'),
          '404': ref('responses', 'NotFound'),
          '429': ref('responses', 'TooManyRequests'),
        },
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Compliance Index API',
      version: '1',
      summary: 'Read-only access to the Compliance and Enforceability indexes with a personal API key',
      description: DESCRIPTION,
      license: {
        name: 'Proprietary: for the key holder’s own use under their subscription terms',
        identifier: 'LicenseRef-CTI-Subscription',
      },
    },
    servers: [{ url: serverUrl.replace(/\/+$/, ''), description: 'This installation of the platform' }],
    security: [{ apiKey: [] }, { apiKeyAuthorization: [] }],
    tags: [
      { name: 'index', description: 'The Compliance Index: contracting states, their scorecards, history, map and ASU assessment' },
      { name: 'enforceability', description: 'The Enforceability Index: the other countries' },
      { name: 'exports', description: 'The same data as CSV, Excel and ZIP files' },
    ],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'A personal API key (My account → API keys).' },
        apiKeyAuthorization: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The same key as `Authorization: ApiKey <key>`.',
        },
      },
      parameters: {
        GroupId: {
          name: 'groupId',
          in: 'path',
          required: true,
          description: 'The country’s id: the GroupId of the index lists (a UUID; anything else answers 400)',
          schema: { type: 'string', format: 'uuid' },
        },
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'The ETag of an answer you hold: 304 Not Modified (costing the key nothing) when it is still current',
          schema: { type: 'string' },
        },
        Format: { name: 'format', in: 'query', required: true, description: 'The file format', schema: plain(ExportFormat) },
      },
      headers: {
        ETag: header('The version of the answer: send it back in If-None-Match'),
        RateLimit: header(
          `The key's window after this request (IETF draft-ietf-httpapi-ratelimit-headers): \`"${API_KEY_POLICY}";r=<remaining>;t=<seconds to reset>\``,
        ),
        RateLimitPolicy: header(`The key's limit: \`"${API_KEY_POLICY}";q=<requests>;w=<window seconds>\``),
        XRateLimitLimit: header('Requests the key may make per window', { type: 'integer' }),
        XRateLimitRemaining: header('Requests the key has left in this window', { type: 'integer' }),
        XRateLimitReset: header('Seconds until the window ends', { type: 'integer' }),
        RetryAfter: header('Seconds to wait before the next request', { type: 'integer' }),
        WWWAuthenticate: header('The scheme the API asks for: `ApiKey realm="cti"`'),
        ContentDisposition: header('`attachment` with the file’s name'),
      },
      responses: {
        NotModified: {
          description: 'Nothing changed since the ETag sent in If-None-Match: no body, and no cost to the key',
          headers: { ETag: ref('headers', 'ETag'), ...rateLimitHeaders },
        },
        BadRequest: errorResponse('A parameter is malformed (a groupId that is no UUID, a missing or unknown format)'),
        Unauthorized: errorResponse('No key, or one that is unknown, revoked or expired', {
          'WWW-Authenticate': ref('headers', 'WWWAuthenticate'),
        }),
        Forbidden: errorResponse('The key’s owner may not read this (or holds no key any more)'),
        NotFound: errorResponse('No such country, or the index is being prepared'),
        TooManyRequests: errorResponse('The key made its requests of this window: wait Retry-After seconds', {
          'Retry-After': ref('headers', 'RetryAfter'),
          ...rateLimitHeaders,
        }),
      },
      schemas,
    },
  };
}
