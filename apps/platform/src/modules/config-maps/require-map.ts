import type { DbExecutor } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { CONFIG_MESSAGES } from './messages.ts';
import type { ConfigMapsRepository, MapRecord } from './repository.ts';

/** The map, or 404 with the specification's message; locked for the transaction when asked. */
export async function requireMap(
  repository: ConfigMapsRepository,
  executor: DbExecutor,
  mapId: string,
  forUpdate = false,
): Promise<MapRecord> {
  const map = await repository.findMap(executor, mapId, { forUpdate });
  if (map === undefined) {
    throw notFound(CONFIG_MESSAGES.noMap(mapId));
  }
  return map;
}
