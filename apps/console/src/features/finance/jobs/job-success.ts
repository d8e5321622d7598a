import type { Job } from '@web-control/contract/finance';

export type JobSuccess = 'Pending' | 'Successful' | 'Unsuccessful';

/** A job that never ran is pending; its last run succeeded when it is also its last successful run. */
export function jobSuccessOf(job: Pick<Job, 'lastRuntime' | 'lastSuccessfulRuntime'>): JobSuccess {
  if (job.lastRuntime === null) return 'Pending';
  if (
    job.lastSuccessfulRuntime !== null &&
    Date.parse(job.lastRuntime) === Date.parse(job.lastSuccessfulRuntime)
  )
    return 'Successful';
  return 'Unsuccessful';
}
