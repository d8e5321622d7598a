import type { Mapping, MapVersion } from '@web-control/contract/config-maps';
import type { EntryRow } from './entries-repository.ts';
import type { VersionRow } from './repository.ts';

export function iso(date: Date): string {
  return date.toISOString();
}

/** authors: the usernames of who changed the version, its submitter included. */
export function toVersion(row: VersionRow, authors: readonly string[]): MapVersion {
  return {
    versionId: row.version_id,
    state: row.state,
    userId: row.submitted_by,
    timeSubmitted: iso(row.submitted_at),
    comment: row.comment,
    reviewedBy: row.reviewed_by,
    timeReviewed: row.reviewed_at === null ? null : iso(row.reviewed_at),
    reviewComment: row.review_comment,
    authors: [...authors],
  };
}

/** The mapping of a key from its rows valid at `seq` and at `fromSeq`. */
export function toMapping(key: string, rows: readonly EntryRow[], seq: number, fromSeq: number): Mapping {
  const validAt = (at: number) =>
    rows.find((row) => row.from_seq <= at && (row.to_seq === null || row.to_seq > at));
  const now = validAt(seq);
  const before = validAt(fromSeq);
  if (now === undefined) {
    return { key, value: null, state: 'deleted', previousValue: before?.value ?? null };
  }
  if (before === undefined) {
    return { key, value: now.value, state: 'added', previousValue: null };
  }
  return before.value === now.value
    ? { key, value: now.value, state: 'unchanged', previousValue: null }
    : { key, value: now.value, state: 'updated', previousValue: before.value };
}

export function matchesValuePrefix(mapping: Mapping, prefix: string | undefined): boolean {
  if (prefix === undefined || prefix === '') return true;
  return (mapping.value ?? '').startsWith(prefix) || (mapping.previousValue ?? '').startsWith(prefix);
}
