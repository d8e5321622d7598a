import { CompiledQuery } from 'kysely';
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
  return findPlanNode(explained.rows[0]?.['QUERY PLAN'][0]?.Plan, (node) => node['Node Type'] === 'Limit');
}
