import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/schema.ts';
import type { ConfigClientMapsTable } from './table.ts';

export type ClientMapRow = Selectable<ConfigClientMapsTable>;

/** The switch nodes that fetch maps: their credentials, the maps they subscribe to, what they acknowledged. */
export function createConfigClientsRepository() {
  return {
    async findClient(executor: DbExecutor, clientId: string) {
      return executor
        .selectFrom('config_clients')
        .selectAll()
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },

    async listClients(executor: DbExecutor) {
      return executor.selectFrom('config_clients').selectAll().orderBy('client_id').execute();
    },

    async upsertClient(
      executor: DbExecutor,
      client: { clientId: string; secretHash: string; createdAt: Date },
    ) {
      await executor
        .insertInto('config_clients')
        .values({ client_id: client.clientId, secret_hash: client.secretHash, created_at: client.createdAt })
        .onConflict((conflict) =>
          conflict.column('client_id').doUpdateSet({ secret_hash: client.secretHash }),
        )
        .execute();
    },

    async listSubscriptions(executor: DbExecutor, filter: { mapIds?: readonly string[]; clientId?: string }) {
      let query = executor.selectFrom('config_client_maps').selectAll();
      if (filter.mapIds !== undefined) {
        if (filter.mapIds.length === 0) return [];
        query = query.where('map_id', 'in', [...filter.mapIds]);
      }
      if (filter.clientId !== undefined) {
        query = query.where('client_id', '=', filter.clientId);
      }
      return query.orderBy('map_id').orderBy('client_id').execute();
    },

    /** Subscribes the client to exactly these maps, keeping what it acknowledged of the ones it keeps. */
    async setSubscriptions(executor: DbExecutor, clientId: string, mapIds: readonly string[]) {
      let remove = executor.deleteFrom('config_client_maps').where('client_id', '=', clientId);
      if (mapIds.length > 0) {
        remove = remove.where('map_id', 'not in', [...mapIds]);
      }
      await remove.execute();
      if (mapIds.length > 0) {
        await executor
          .insertInto('config_client_maps')
          .values(
            mapIds.map((mapId) => ({
              client_id: clientId,
              map_id: mapId,
              applied_version_id: null,
              last_ack_version_id: null,
              last_ack_status: null,
              log_time: null,
              log_message: null,
            })),
          )
          .onConflict((conflict) => conflict.columns(['client_id', 'map_id']).doNothing())
          .execute();
      }
    },

    async recordAcknowledgement(
      executor: DbExecutor,
      ack: {
        clientId: string;
        mapId: string;
        versionId: string;
        status: 'applied' | 'rejected';
        logTime: Date;
        logMessage: string;
      },
    ): Promise<void> {
      await executor
        .updateTable('config_client_maps')
        .set({
          ...(ack.status === 'applied' ? { applied_version_id: ack.versionId } : {}),
          last_ack_version_id: ack.versionId,
          last_ack_status: ack.status,
          log_time: ack.logTime,
          log_message: ack.logMessage,
        })
        .where('client_id', '=', ack.clientId)
        .where('map_id', '=', ack.mapId)
        .execute();
    },
  };
}

export type ConfigClientsRepository = ReturnType<typeof createConfigClientsRepository>;
