import {
  CLIENT_TOO_OLD_AFTER_MS,
  type ClientVersion,
  type ConfigMap,
} from '@web-control/contract/config-maps';
import type { DbExecutor } from '../../db/schema.ts';
import { iso } from './mapping-rows.ts';
import type { ClientMapRow, ConfigClientsRepository } from './clients-repository.ts';
import type { MapEntriesRepository } from './entries-repository.ts';
import { neverSubmitted, type ConfigMapsRepository, type MapRecord, type VersionRow } from './repository.ts';

function clientVersionOf(
  row: ClientMapRow,
  pushed: VersionRow | undefined,
  pushedAt: Date | null,
  now: Date,
): ClientVersion {
  const pushedId = pushed?.version_id ?? null;
  const versionMismatch = pushedId !== null && row.applied_version_id !== pushedId;
  const tooOld =
    versionMismatch && pushedAt !== null && now.getTime() - pushedAt.getTime() > CLIENT_TOO_OLD_AFTER_MS;
  return {
    clientId: row.client_id,
    acknowledgedVersionRejected:
      pushedId !== null && row.last_ack_version_id === pushedId && row.last_ack_status === 'rejected',
    acknowledgedVersionTooOld: tooOld,
    versionMismatch,
    acknowledgedVersion: row.applied_version_id,
    clientLogTime: row.log_time === null ? null : iso(row.log_time),
    clientLogMessage: row.log_message,
  };
}

/** The maps as the API lists them: their versions, review state and each subscribed client's state. */
export async function describeMaps(
  repositories: {
    maps: ConfigMapsRepository;
    entries: MapEntriesRepository;
    clients: ConfigClientsRepository;
  },
  executor: DbExecutor,
  maps: readonly MapRecord[],
  now: Date,
): Promise<ConfigMap[]> {
  const ids = maps.map((map) => map.id);
  const versions = await repositories.maps.listVersions(executor, ids);
  const subscriptions = await repositories.clients.listSubscriptions(executor, { mapIds: ids });
  const withChanges = await repositories.entries.mapsWithChanges(executor, maps);
  return maps.map((map) => {
    const own = versions.filter((version) => version.map_id === map.id);
    const latest = own.find((version) => version.state !== 'rejected');
    const applied = own.find((version) => version.seq === map.appliedSeq);
    const pushed = own.find((version) => version.seq === map.pushedSeq);
    return {
      id: map.id,
      name: map.name,
      latestSubmittedVersion:
        latest === undefined
          ? null
          : {
              versionId: latest.version_id,
              timeSubmitted: iso(latest.submitted_at),
              userId: latest.submitted_by,
              comment: latest.comment,
            },
      appliedVersion:
        applied === undefined
          ? null
          : {
              versionId: applied.version_id,
              timeApproved: iso(applied.reviewed_at ?? applied.submitted_at),
            },
      pushedVersion:
        pushed === undefined || map.pushedAt === null
          ? null
          : { versionId: pushed.version_id, timePushed: iso(map.pushedAt) },
      pendingReview: own.some((version) => version.state === 'submitted'),
      unsubmittedChanges: neverSubmitted(map) || withChanges.has(map.id),
      clientVersions: subscriptions
        .filter((row) => row.map_id === map.id)
        .map((row) => clientVersionOf(row, pushed, map.pushedAt, now)),
    };
  });
}
