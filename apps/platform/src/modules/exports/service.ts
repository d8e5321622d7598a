import { z } from 'zod';
import { csvCell } from '@web-control/contract/finance-results';
import { holdsCardNumber } from '@web-control/contract/iso8583-masking';
import { holdsAll, type Permission } from '@web-control/contract/permissions';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { badRequest, forbidden, invalidRequest, notFound } from '../../errors.ts';
import { createDownloadTokens } from '../download-tokens/download-tokens.ts';

export const EXPORT_MESSAGES = {
  unknownList: 'This list has no export.',
  cardNumber: 'A card number is never searched nor kept with an export: take it out of the filter.',
  tokenInvalid: 'This download link is not valid or has expired. Please start the export again.',
} as const;

export interface Exporter {
  userId: string;
  username: string;
  permissions: readonly string[];
}

/** Writes rows of cells; resolves once the client has taken them (backpressure). */
export type WriteRows = (rows: readonly (readonly string[])[]) => Promise<void>;

/** One list's export: who may, the filter it takes, the screen's headers, and its rows. */
export interface ExportDefinition<Q> {
  /**
   * Who may export: every permission the list's own route asks for, or, for a list across areas
   * (Reviews), any one of `anyOf`.
   */
  permissions: readonly Permission[] | { anyOf: readonly Permission[] };
  /** An object's schema: the token keeps only its fields of what was sent. */
  querySchema: z.ZodType<Q>;
  /** The download's name, or a name of its filter (a service's receivers name the service). */
  fileName: string | ((query: Q) => string);
  header: readonly string[];
  /** Every row of the filter (not one page), batch by batch, in a bounded amount of memory. */
  writeRows: (query: Q, exporter: Exporter, write: WriteRows) => Promise<void>;
  /**
   * Refuses a filter naming nothing (an unknown service) when the token is asked for: once the
   * download has begun, a refusal can only cut the file short.
   */
  check?: (query: Q) => Promise<void>;
}

function mayExport(held: readonly string[], definition: ExportDefinition<unknown>): boolean {
  const { permissions } = definition;
  if ('anyOf' in permissions) return permissions.anyOf.some((permission) => holdsAll(held, [permission]));
  return holdsAll(held, permissions);
}

function permissionsNeeded(definition: ExportDefinition<unknown>): string {
  const { permissions } = definition;
  if ('anyOf' in permissions) return `the ${permissions.anyOf.join(' or ')} permission`;
  return `the ${permissions.join(' and ')} permission${permissions.length > 1 ? 's' : ''}`;
}

/** Whether a filter value holds a card number: a text, a number, or one within a list (the outbox's tags). */
function holdsCardNumberWithin(value: unknown): boolean {
  if (typeof value === 'string') return holdsCardNumber(value);
  if (typeof value === 'number' || typeof value === 'bigint') return holdsCardNumber(String(value));
  if (Array.isArray(value)) return value.some(holdsCardNumberWithin);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(holdsCardNumberWithin);
  return false;
}

/**
 * What a token keeps of a filter: the list's own fields, as sent (the schema parses them again on
 * download, where its transforms run once). Anything else a client sent is not stored, and a card
 * number in any field is refused, before any other rule, so no table ever holds one.
 */
function filterToKeep(schema: z.ZodObject, filter: Record<string, unknown>): Record<string, unknown> {
  const known = Object.entries(filter).filter(([field]) => Object.hasOwn(schema.shape, field));
  const card = known.find(([, value]) => holdsCardNumberWithin(value));
  if (card !== undefined) throw badRequest(EXPORT_MESSAGES.cardNumber, card[0]);
  return Object.fromEntries(known);
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export type ExportsService = ReturnType<typeof createExportsService>;

/**
 * Every list's "Export CSV": a single-use token for the list and filter (asked with the list's
 * permission), then the download, streamed. Cells are made formula-safe by the contract's csvCell.
 */
export function createExportsService(deps: {
  db: Db;
  clock: Clock;
  permissionsOfUser: (userId: string) => Promise<readonly string[] | undefined>;
}) {
  const tokens = createDownloadTokens(deps);
  const lists = new Map<string, ExportDefinition<unknown>>();

  function definitionOf(list: string): ExportDefinition<unknown> {
    const definition = lists.get(list);
    if (definition === undefined) throw notFound(EXPORT_MESSAGES.unknownList);
    return definition;
  }

  return {
    register<Q>(list: string, definition: ExportDefinition<Q>): void {
      if (lists.has(list)) throw new Error(`Export ${list} is already registered`);
      if (!(definition.querySchema instanceof z.ZodObject))
        throw new Error(`Export ${list} needs an object filter`);
      lists.set(list, definition as ExportDefinition<unknown>);
    },

    lists(): string[] {
      return [...lists.keys()];
    },

    async issueToken(
      exporter: Exporter,
      list: string,
      filter: Record<string, unknown>,
    ): Promise<{ token: string }> {
      const definition = definitionOf(list);
      if (!mayExport(exporter.permissions, definition)) {
        throw forbidden(`You need ${permissionsNeeded(definition)} to export this list.`);
      }
      // First: a field's own card-number rule (a search's) would say less than the export's.
      const kept = filterToKeep(definition.querySchema as z.ZodObject, filter);
      const query = definition.querySchema.safeParse(filter);
      if (!query.success) {
        throw invalidRequest(
          query.error.issues.map((issue) => ({
            location: 'body',
            field: issue.path.length === 0 ? '(body)' : issue.path.join('.'),
            message: issue.message,
          })),
        );
      }
      // After the card-number refusal: a card number never reaches a lookup.
      await definition.check?.(query.data);
      return { token: await tokens.issue(exporter, { kind: 'list', list, query: kept }) };
    },

    /**
     * Spends the token (once, before its minute is out, by a user who still holds the list's
     * permission): the file name and a writer of the whole CSV.
     */
    async open(list: string, token: string) {
      const definition = definitionOf(list);
      const spent = await tokens.spend(token);
      if (spent?.subject.kind !== 'list' || spent.subject.list !== list) {
        throw forbidden(EXPORT_MESSAGES.tokenInvalid);
      }
      const permissions = await deps.permissionsOfUser(spent.userId);
      if (permissions === undefined || !mayExport(permissions, definition)) {
        throw forbidden(EXPORT_MESSAGES.tokenInvalid);
      }
      const query = definition.querySchema.parse(spent.subject.query);
      const exporter = { userId: spent.userId, username: spent.username, permissions };
      return {
        fileName: typeof definition.fileName === 'string' ? definition.fileName : definition.fileName(query),
        writeTo: async (write: (chunk: string) => Promise<void>) => {
          await write(csvLine(definition.header));
          await definition.writeRows(query, exporter, (rows) => write(rows.map(csvLine).join('')));
        },
      };
    },
  };
}
