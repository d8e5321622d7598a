import { z } from 'zod';
import { booleanQuerySchema, isoInstantSchema, text } from './inputs.ts';
import { holdsCardNumber } from './iso8583-masking.ts';
import { commentText, VALIDATION_MESSAGES } from './validation.ts';

/**
 * Configuration maps ({config}, default /api/config): versioned key-value tables edited as
 * unsubmitted changes, submitted with a comment, reviewed by someone else (four-eyes), applied,
 * and pushed to the switch nodes (clients) that subscribe to them.
 */

/**
 * A map's id is the identifier the switch and the addresses refer to; its name is what people read
 * (specification 1, sections 5 and 9: id at most 32 characters, name at most 128).
 */
export const MAP_ID_MAX_LENGTH = 32;
export const MAP_NAME_MAX_LENGTH = 128;
export const MAP_ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
export const MAP_ID_MESSAGE =
  'A map id starts with a lowercase letter or digit and holds only lowercase letters, digits, dots, hyphens and underscores.';
export const MAP_ID_TAKEN_MESSAGE = (id: string) => `A map with id '${id}' already exists.`;
/** Cards and reviews show a map by its name: two alike (in any case) could not be told apart. */
export const MAP_NAME_TAKEN_MESSAGE = (name: string) => `A map named '${name}' already exists.`;

/** Keys may hold any text the contract's text() takes; in paths they are URL-encoded. */
export const MAPPING_KEY_MAX_LENGTH = 200;
export const MAPPING_VALUE_MAX_LENGTH = 4000;
/** Specification section 5, new mapping. */
export const EMPTY_MAPPING_MESSAGE = 'Neither key nor value can be empty strings.';

/** Mapping pages: `page-size` rows, keyset-paged by key. */
export const MAPPINGS_PAGE_SIZE_DEFAULT = 25;
export const MAPPINGS_PAGE_SIZE_MAX = 500;

/** Upload (PUT …/mappings, multipart field `mappingsFile`): the largest file accepted. */
export const MAPPINGS_FILE_FIELD = 'mappingsFile';
export const MAPPINGS_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export const DOWNLOAD_FORMATS = ['csv', 'json'] as const;
export const downloadFormatSchema = z.enum(DOWNLOAD_FORMATS);
export type DownloadFormat = z.infer<typeof downloadFormatSchema>;
export const DEFAULT_DOWNLOAD_FORMAT: DownloadFormat = 'csv';

/** A client whose acknowledged version differs from the pushed one this long after the push is "too old". */
export const CLIENT_TOO_OLD_AFTER_MS = 5 * 60 * 1000;

export const CONFIG_COMMENT_MAX_LENGTH = 1000;
const configComment = commentText(CONFIG_COMMENT_MAX_LENGTH);

// ---------------------------------------------------------------------------------------------
// Maps

export const mapIdSchema = text()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(MAP_ID_MAX_LENGTH, VALIDATION_MESSAGES.maxLength(MAP_ID_MAX_LENGTH))
  .regex(MAP_ID_PATTERN, MAP_ID_MESSAGE);

export const mapNameSchema = text()
  .trim()
  .min(1, VALIDATION_MESSAGES.required)
  .max(MAP_NAME_MAX_LENGTH, VALIDATION_MESSAGES.maxLength(MAP_NAME_MAX_LENGTH));

export const mapIdParamsSchema = z.object({ id: mapIdSchema });

/** POST {config}/maps (EDIT_MAPPINGS): the create-map modal. */
/** What every user of the maps reads (cards, reviews, addresses) holds no card number. */
export const MAP_CARD_NUMBER_MESSAGES = {
  id: 'A map id must not hold a card number.',
  name: 'A map name must not hold a card number.',
} as const;
export const createMapBodySchema = z.object({
  id: mapIdSchema.refine((id) => !holdsCardNumber(id), MAP_CARD_NUMBER_MESSAGES.id),
  name: mapNameSchema.refine((name) => !holdsCardNumber(name), MAP_CARD_NUMBER_MESSAGES.name),
});
export type CreateMapBody = z.infer<typeof createMapBodySchema>;
export const createMapResponseSchema = z.object({ id: text(), name: text() });
export type CreateMapResponse = z.infer<typeof createMapResponseSchema>;

/**
 * Version states: `submitted` waits for review (with any earlier submitted ones, as one review);
 * `applied` was approved (the map's applied version is the newest of them); `rejected` was
 * discarded with every change of its review.
 */
export const VERSION_STATES = ['submitted', 'applied', 'rejected'] as const;
export const versionStateSchema = z.enum(VERSION_STATES);
export type VersionState = z.infer<typeof versionStateSchema>;

export const mapVersionSchema = z.object({
  versionId: z.uuid(),
  state: versionStateSchema,
  /** The username of who submitted it. */
  userId: text(),
  timeSubmitted: z.iso.datetime({ offset: true }),
  comment: text(),
  /** Set once reviewed. */
  reviewedBy: text().nullable(),
  timeReviewed: z.iso.datetime({ offset: true }).nullable(),
  reviewComment: text().nullable(),
  /** The usernames of who changed its mappings, its submitter included: none of them may review it. */
  authors: z.array(text()),
});
export type MapVersion = z.infer<typeof mapVersionSchema>;

export const latestSubmittedVersionSchema = z.object({
  versionId: z.uuid(),
  timeSubmitted: z.iso.datetime({ offset: true }),
  userId: text(),
  comment: text(),
});
export const appliedVersionSchema = z.object({
  versionId: z.uuid(),
  timeApproved: z.iso.datetime({ offset: true }),
});
export const pushedVersionSchema = z.object({
  versionId: z.uuid(),
  timePushed: z.iso.datetime({ offset: true }),
});

/**
 * One subscribed client's state for a map (spec 0, configuration map decisions):
 * versionMismatch while the version it last applied differs from the pushed one;
 * acknowledgedVersionTooOld once that has lasted more than CLIENT_TOO_OLD_AFTER_MS after the push;
 * acknowledgedVersionRejected when its latest acknowledgement of the pushed version is a rejection.
 */
export const clientVersionSchema = z.object({
  clientId: text(),
  acknowledgedVersionRejected: z.boolean(),
  acknowledgedVersionTooOld: z.boolean(),
  versionMismatch: z.boolean(),
  /** The version the client last acknowledged as applied. */
  acknowledgedVersion: z.uuid().nullable(),
  clientLogTime: z.iso.datetime({ offset: true }).nullable(),
  clientLogMessage: text().nullable(),
});
export type ClientVersion = z.infer<typeof clientVersionSchema>;

export const configMapSchema = z.object({
  id: text(),
  name: text(),
  /** The newest submitted version that was not rejected (pending review, or since applied). */
  latestSubmittedVersion: latestSubmittedVersionSchema.nullable(),
  appliedVersion: appliedVersionSchema.nullable(),
  /** What the last Push Changes published to the clients. */
  pushedVersion: pushedVersionSchema.nullable(),
  /** True while submitted versions wait for review. */
  pendingReview: z.boolean(),
  /** True while there are changes nobody has submitted yet; a new map is one until its first version. */
  unsubmittedChanges: z.boolean(),
  clientVersions: z.array(clientVersionSchema),
});
export type ConfigMap = z.infer<typeof configMapSchema>;

/** GET {config}/maps: `only-pending-review=true` on the approvals page. */
export const mapsQuerySchema = z.object({ 'only-pending-review': booleanQuerySchema.optional() });
export type MapsQuery = z.input<typeof mapsQuerySchema>;
export const mapsResponseSchema = z.object({ maps: z.array(configMapSchema) });
export type MapsResponse = z.infer<typeof mapsResponseSchema>;

/** POST {config}/maps/push (PUSH_MAPS): every map's applied version as now published. */
export const pushResponseSchema = z.object({
  maps: z.array(z.object({ id: text(), versionId: z.uuid() })),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Versions and reviews

/** GET {config}/maps/{id}/versions, optionally one state; newest first. */
export const versionsQuerySchema = z.object({ state: versionStateSchema.optional() });
export const versionsResponseSchema = z.object({ versions: z.array(mapVersionSchema) });
export type VersionsResponse = z.infer<typeof versionsResponseSchema>;

/** POST {config}/maps/{id}/versions: submit every unsubmitted change for review. */
export const submitVersionBodySchema = z.object({ comment: configComment });
export type SubmitVersionBody = z.infer<typeof submitVersionBodySchema>;

export const versionParamsSchema = z.object({ id: mapIdSchema, versionId: z.uuid() });

/**
 * POST {config}/maps/{id}/versions/{versionId}/reviews (APPROVE_MAPS): versionId is the newest
 * submitted version (the one the reviewer saw); approved applies the whole review, otherwise every
 * change since the applied version is discarded.
 */
export const reviewBodySchema = z.object({ approved: z.boolean(), comment: configComment });
export type ReviewBody = z.infer<typeof reviewBodySchema>;

// ---------------------------------------------------------------------------------------------
// Mappings

export const MAPPING_STATES = ['added', 'updated', 'deleted', 'unchanged'] as const;
export const mappingStateSchema = z.enum(MAPPING_STATES);
export type MappingState = z.infer<typeof mappingStateSchema>;

/**
 * A mapping as it is at `version`, compared with `version-from`: value is null when deleted;
 * previousValue is the value at `version-from` when updated or deleted, otherwise null.
 */
export const mappingSchema = z.object({
  key: text(),
  value: text().nullable(),
  state: mappingStateSchema,
  previousValue: text().nullable(),
});
export type Mapping = z.infer<typeof mappingSchema>;

/** Special values of `version` and `version-from` besides a version id. */
export const VERSION_APPLIED = 'applied';
/** The newest submitted version not rejected: the pending review's, or else the applied one. */
export const VERSION_SUBMITTED = 'submitted';
/** The map as edited: the applied version with every submitted and unsubmitted change (the default of `version`). */
export const VERSION_UNSUBMITTED = 'unsubmitted';
const versionSelectorSchema = z.union([
  z.uuid(),
  z.enum([VERSION_APPLIED, VERSION_SUBMITTED, VERSION_UNSUBMITTED]),
]);
export type VersionSelector = z.infer<typeof versionSelectorSchema>;

const mappingKeyQuery = text().max(MAPPING_KEY_MAX_LENGTH);

/**
 * GET {config}/maps/{id}/mappings.
 * - `version` (default `unsubmitted`): the version whose mappings are listed.
 * - `version-from` (default `applied`): the version states and previous values compare against.
 * - `updates-only=true`: only added, updated and deleted mappings.
 * - `key-prefix`, `value-prefix`: mappings whose key (value, or previous value) starts with it.
 * - `download-format` (csv or json): the whole selection as a file instead of a page.
 * - Paging: follow the returned nextPage, previousPage and firstPage URLs (they carry `after-key`
 *   or `before-key` and `page-size`).
 */
export const mappingsQuerySchema = z.object({
  'key-prefix': text().max(MAPPING_KEY_MAX_LENGTH).optional(),
  'value-prefix': text().max(MAPPING_VALUE_MAX_LENGTH).optional(),
  version: versionSelectorSchema.optional(),
  'version-from': versionSelectorSchema.optional(),
  'updates-only': booleanQuerySchema.optional(),
  'download-format': downloadFormatSchema.optional(),
  'after-key': mappingKeyQuery.optional(),
  'before-key': mappingKeyQuery.optional(),
  'page-size': z.coerce.number().int().min(1).max(MAPPINGS_PAGE_SIZE_MAX).optional(),
});
export type MappingsQuery = z.input<typeof mappingsQuerySchema>;

/** Page URLs (path and query, same origin as the call); null where there is no such page. */
export const pagingSchema = z.object({
  nextPage: text().nullable(),
  previousPage: text().nullable(),
  firstPage: text(),
});
export type Paging = z.infer<typeof pagingSchema>;

export const mappingsResponseSchema = z.object({
  mapId: text(),
  /** The version listed; null for the map as edited (unsubmitted changes included). */
  version: z.uuid().nullable(),
  /** The version compared against; null when there is none (nothing applied yet). */
  versionFrom: z.uuid().nullable(),
  mappings: z.array(mappingSchema),
  paging: pagingSchema,
});
export type MappingsResponse = z.infer<typeof mappingsResponseSchema>;

/** URLs treat these as path steps (even encoded), so no path could name them. */
export const DOT_KEYS = ['.', '..'];
export const DOT_KEY_MESSAGE = "A key cannot be '.' or '..'.";
/** ' plain' would show as 'plain' beside it, and a lookup of 'plain' would never find it. */
export const KEY_EDGE_SPACE_MESSAGE = 'A key cannot start or end with a space.';
const mappingKeyLength = {
  error: `A key has at most ${MAPPING_KEY_MAX_LENGTH} characters.`,
} as const;

/** Text that holds more than white space; kept as typed (spaces inside a key or value are data). */
function mappingText() {
  return text()
    .min(1, { error: EMPTY_MAPPING_MESSAGE, abort: true })
    .refine((value) => value.trim() !== '', { error: EMPTY_MAPPING_MESSAGE, abort: true });
}
export const mappingKeySchema = mappingText()
  .max(MAPPING_KEY_MAX_LENGTH, mappingKeyLength)
  .refine((key) => key.trim() === key, KEY_EDGE_SPACE_MESSAGE)
  .refine((key) => !DOT_KEYS.includes(key), DOT_KEY_MESSAGE);
export const mappingValueSchema = mappingText().max(
  MAPPING_VALUE_MAX_LENGTH,
  `A value has at most ${MAPPING_VALUE_MAX_LENGTH} characters.`,
);

/** POST {config}/maps/{id}/mappings: a new key (409 when the key exists). */
export const createMappingBodySchema = z.object({ key: mappingKeySchema, value: mappingValueSchema });
export type CreateMappingBody = z.infer<typeof createMappingBodySchema>;

/** PATCH and DELETE {config}/maps/{id}/mappings/{key}: the key URL-encoded (encodeURIComponent). */
/** Any stored key, blank ones written before keys had to hold more than white space included. */
const storedMappingKeySchema = text()
  .min(1, EMPTY_MAPPING_MESSAGE)
  .max(MAPPING_KEY_MAX_LENGTH, mappingKeyLength)
  .refine((key) => !DOT_KEYS.includes(key), DOT_KEY_MESSAGE);
export const mappingParamsSchema = z.object({ id: mapIdSchema, key: storedMappingKeySchema });

export const JSON_PATCH_CONTENT_TYPE = 'application/json-patch+json';
export const MAPPING_VALUE_PATH = '/value';

/**
 * PATCH body (application/json-patch+json): test the value the editor saw, then replace it.
 * A failed test answers 409 with the mapping as it is now in `details.current`.
 */
export const mappingPatchSchema = z.tuple([
  z.object({ op: z.literal('test'), path: z.literal(MAPPING_VALUE_PATH), value: text() }),
  z.object({ op: z.literal('replace'), path: z.literal(MAPPING_VALUE_PATH), value: mappingValueSchema }),
]);
export type MappingPatch = z.infer<typeof mappingPatchSchema>;

/** The JSON patch that changes `oldValue` to `newValue`. */
export function mappingPatchOf(oldValue: string, newValue: string): MappingPatch {
  return [
    { op: 'test', path: MAPPING_VALUE_PATH, value: oldValue },
    { op: 'replace', path: MAPPING_VALUE_PATH, value: newValue },
  ];
}

export const staleMappingDetailsSchema = z.object({ current: mappingSchema.nullable() });

/** PUT {config}/maps/{id}/mappings: the upload's effect on the map as edited. */
export const uploadMappingsResponseSchema = z.object({
  mappingCount: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
});
export type UploadMappingsResponse = z.infer<typeof uploadMappingsResponseSchema>;

/** The downloaded (and uploadable) JSON file: an array of these. */
export const mappingFileEntrySchema = z.object({ key: text(), value: text() });

/** The file name of a download: the map id plus the format. */
export function downloadFileNameOf(mapId: string, format: DownloadFormat): string {
  return `${mapId}.${format}`;
}

// ---------------------------------------------------------------------------------------------
// Client status summary (map list), in the specification's priority order

export const CLIENT_SUMMARIES = ['NO_CLIENTS', 'REJECTED', 'TOO_OLD', 'PENDING', 'UP_TO_DATE'] as const;
export type ClientSummary = (typeof CLIENT_SUMMARIES)[number];
export const CLIENT_STATUSES = ['REJECTED', 'TOO_OLD', 'PENDING', 'UP_TO_DATE'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** One client's status, the most severe first. */
export function clientStatusOf(client: ClientVersion): ClientStatus {
  if (client.acknowledgedVersionRejected) {
    return 'REJECTED';
  }
  if (client.acknowledgedVersionTooOld) {
    return 'TOO_OLD';
  }
  return client.versionMismatch ? 'PENDING' : 'UP_TO_DATE';
}

/** A map's summary: no clients, else the most severe client status. */
export function clientSummaryOf(clients: readonly ClientVersion[]): ClientSummary {
  if (clients.length === 0) {
    return 'NO_CLIENTS';
  }
  const statuses = new Set(clients.map(clientStatusOf));
  return CLIENT_STATUSES.find((status) => statuses.has(status)) ?? 'UP_TO_DATE';
}

// ---------------------------------------------------------------------------------------------
// The client API ({config}/client), authenticated as a client (HTTP Basic: client id and secret)

export const clientMapSchema = z.object({
  id: text(),
  /** The pushed version; null until a push published one. */
  versionId: z.uuid().nullable(),
  timePushed: z.iso.datetime({ offset: true }).nullable(),
});
/** GET {config}/client/maps: the maps this client subscribes to. */
export const clientMapsResponseSchema = z.object({ clientId: text(), maps: z.array(clientMapSchema) });
export type ClientMapsResponse = z.infer<typeof clientMapsResponseSchema>;

/** GET {config}/client/maps/{id}: the pushed version's every mapping (404 until pushed). */
export const clientMapContentSchema = z.object({
  id: text(),
  versionId: z.uuid(),
  mappings: z.array(mappingFileEntrySchema),
});
export type ClientMapContent = z.infer<typeof clientMapContentSchema>;

export const ACKNOWLEDGEMENT_STATUSES = ['applied', 'rejected'] as const;
export const CLIENT_LOG_MESSAGE_MAX_LENGTH = 1000;
/** POST {config}/client/maps/{id}/acknowledgements. */
export const acknowledgementBodySchema = z.object({
  versionId: z.uuid(),
  status: z.enum(ACKNOWLEDGEMENT_STATUSES),
  logMessage: text().max(CLIENT_LOG_MESSAGE_MAX_LENGTH),
  /** The client's time of the log; the platform's time when absent. */
  logTime: isoInstantSchema.optional(),
});
export type AcknowledgementBody = z.infer<typeof acknowledgementBodySchema>;

// ---------------------------------------------------------------------------------------------
// Client registrations (PUSH_MAPS): who may fetch which maps

export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const clientIdSchema = text().regex(
  CLIENT_ID_PATTERN,
  'A client id is 1 to 64 letters, digits, dots, hyphens and underscores, starting with a letter or digit.',
);

/** PUT {config}/clients/{clientId}: register (or re-subscribe) a client; a new secret is returned once. */
export const registerClientBodySchema = z.object({ maps: z.array(mapIdSchema).max(1000) });
export const clientParamsSchema = z.object({ clientId: clientIdSchema });
export const registerClientResponseSchema = z.object({
  clientId: text(),
  /** Shown only in this answer; the platform keeps its hash. */
  clientSecret: text(),
  maps: z.array(text()),
});
export type RegisterClientResponse = z.infer<typeof registerClientResponseSchema>;
export const clientsResponseSchema = z.object({
  clients: z.array(z.object({ clientId: text(), maps: z.array(text()) })),
});

/** A key as one path segment of PATCH and DELETE …/mappings/{key}. */
export function encodeMappingKey(key: string): string {
  return encodeURIComponent(key);
}
