import {
  paginationInfoOf,
  type PageQuery,
  type ProcessDefinition,
  type Snapshot,
} from '@web-control/contract/finance';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { noProcessFound } from './messages.ts';
import { createProcessRepository, type ProcessDefinitionRow } from './process-repository.ts';
import type { ProcessFields } from './results-selection.ts';
import { createSettlementsRepository, MINOR_UNITS } from './settlements-repository.ts';

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function toDefinition(row: ProcessDefinitionRow): ProcessDefinition {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    parties: Object.fromEntries(row.parties.map((party) => [String(party.id), party.name])),
    fields: row.fields,
  };
}

/** The party of a process whose file-name pattern the name matches. */
export function partyOf(process: ProcessDefinitionRow, fileName: string) {
  return process.parties.find((party) => new RegExp(party.filePattern).test(fileName));
}

export function fieldsOf(process: ProcessDefinitionRow): ProcessFields {
  return { processId: process.id, fields: process.fields };
}

/** The processes: their definitions, overview counts and today's snapshot. */
export function createProcessService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const repository = createProcessRepository();
  const settlementRuns = createSettlementsRepository();

  async function definition(executor: DbExecutor, processId: number): Promise<ProcessDefinitionRow> {
    const [row] = await repository.definitionsOf(executor, [processId]);
    if (row === undefined) {
      throw noProcessFound();
    }
    return row;
  }

  /** Today's settlement value: the totals of today's run, open or closed. */
  async function todaysSettlement(processId: number, since: Date, end: Date) {
    const run = await settlementRuns.runOfDay(db, processId, since.toISOString().slice(0, 10));
    if (run === undefined) {
      return { startDate: since.toISOString(), endDate: end.toISOString(), stats: [] };
    }
    const { totals } = await settlementRuns.computeAggregates(db, run.run_id);
    return {
      startDate: new Date(run.start_date).toISOString(),
      endDate: (run.end_date === null ? end : new Date(run.end_date)).toISOString(),
      stats: totals.map((row) => ({
        statName: `Total ${row.currency}`,
        amount: Number(row.amount) / MINOR_UNITS,
      })),
    };
  }

  return {
    definition,

    definitionsOf: (ids: number[]) => repository.definitionsOf(db, ids),

    listProcesses: async (page: PageQuery) => {
      const { ids, total } = await repository.listProcessIds(db, page);
      const definitions = await repository.definitionsOf(db, ids);
      const counts = await repository.pillCounts(db, ids, startOfUtcDay(clock.now()));
      const processes = definitions.map((row) => {
        const count = counts.find((item) => item.processId === row.id);
        return {
          ...toDefinition(row),
          pendingApprovals: count?.pending ?? 0,
          uploadErrors: count?.errors ?? 0,
          reconExceptions: count?.issues ?? 0,
          missingFiles: Math.max(0, row.parties.length - (count?.arrived ?? 0)),
        };
      });
      return { processes, paginationInfo: paginationInfoOf(page, total, processes.length) };
    },

    getProcess: async (processId: number): Promise<ProcessDefinition> => {
      return toDefinition(await definition(db, processId));
    },

    snapshot: async (processId: number): Promise<Snapshot> => {
      const process = await definition(db, processId);
      const since = startOfUtcDay(clock.now());
      const sources = await repository.fileSources(db, processId, since);
      const stats = await repository.reconStats(db, processId, since);
      const [count] = await repository.pillCounts(db, [processId], since);
      const end = new Date(since.getTime() + 24 * 60 * 60 * 1000 - 1);
      return {
        fileSources: process.parties.map((party) => {
          const source = sources.find((item) => item.party_id === party.id);
          const last = source?.last_upload;
          return {
            displayName: party.name,
            lastUploadDt: last === undefined ? null : new Date(last).toISOString(),
            successRecords: Number(source?.records ?? 0),
            errorRecords: Number(source?.exceptions ?? 0),
          };
        }),
        reconStats: { ...stats, since: since.toISOString() },
        settlementStats: await todaysSettlement(processId, since, end),
        actionStats: { totalPending: count?.pending ?? 0 },
      };
    },

    /** The processes whose parties' patterns match a file name. */
    uploadCandidates: async (fileName: string): Promise<Array<{ id: number }>> => {
      const definitions = await repository.definitionsOf(db, await repository.allProcessIds(db));
      return definitions
        .filter((process) => partyOf(process, fileName) !== undefined)
        .map(({ id }) => ({ id }));
    },
  };
}

export type ProcessService = ReturnType<typeof createProcessService>;
