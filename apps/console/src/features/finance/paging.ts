import type { PageQuery } from '@web-control/contract/finance';

/** offset = page times size minus size (specification 2, section 9); pages count from 1. */
export function pageQueryOf(page: number, size: number): PageQuery {
  return { offset: page * size - size, limit: size };
}

export function pageCountOf(totalRecords: number, size: number): number {
  return Math.max(1, Math.ceil(totalRecords / size));
}
