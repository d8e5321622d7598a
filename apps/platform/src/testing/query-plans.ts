import { CompiledQuery, sql } from 'kysely';
import type { DbExecutor } from '../db/schema.ts';
import { transactionPageQuery, type TransactionFilter } from '../modules/transactions/repository.ts';

/** A node of PostgreSQL's `explain (format json)` plan, as far as the checks read it. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The first node, depth first, that matches. */
export function findPlanNode(
  node: PlanNode | undefined,
  matches: (node: PlanNode) => boolean,
): PlanNode | undefined {
  if (node === undefined) return undefined;
  if (matches(node)) return node;
  for (const child of node.Plans ?? []) {
    const found = findPlanNode(child, matches);
    if (found !== undefined) return found;
  }
  return undefined;
}

function indexNames(node: PlanNode): string[] {
  const own = node['Index Name'] === undefined ? [] : [node['Index Name']];
  return [...own, ...(node.Plans ?? []).flatMap(indexNames)];
}

/**
 * Names each index a plan reads by the index it was created as: a partition's own index (one per
 * day on PostgreSQL, transactions_p20261127_…_idx) by its parent, the list index of the migration.
 */
async function nameByParentIndex(executor: DbExecutor, plan: PlanNode): Promise<PlanNode> {
  const names = indexNames(plan);
  if (names.length === 0) return plan;
  const { rows } = await sql<{ index: string; parent: string }>`
    select c.relname as index, p.relname as parent from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where c.relname in (${sql.join(names)})`.execute(executor);
  const parents = new Map(rows.map((row) => [row.index, row.parent]));
  const rename = (node: PlanNode): PlanNode => ({
    ...node,
    ...(node['Index Name'] === undefined
      ? {}
      : { 'Index Name': parents.get(node['Index Name']) ?? node['Index Name'] }),
    ...(node.Plans === undefined ? {} : { Plans: node.Plans.map(rename) }),
  });
  return rename(plan);
}

/** The plan of a transaction page itself: the Limit that picks its rows, under the join back. */
export async function explainTransactionPage(
  executor: DbExecutor,
  filter: TransactionFilter,
  offset: number,
  limit: number,
): Promise<PlanNode | undefined> {
  const query = transactionPageQuery(executor, filter, offset, limit).compile();
  const explained = await executor.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
  );
  const page = findPlanNode(
    explained.rows[0]?.['QUERY PLAN'][0]?.Plan,
    (node) => node['Node Type'] === 'Limit',
  );
  return page === undefined ? undefined : nameByParentIndex(executor, page);
}
