export const CONFIG_PATH = '/dashboard/config';
export const MAPS_PATH = `${CONFIG_PATH}/maps`;
export const APPROVALS_PATH = `${CONFIG_PATH}/approvals`;

/** The configuration API's list of every map: the maps screen's first call. */
export const MAPS_API_PATH = '/maps';

/** The mappings page of one map; the id is URL-encoded, whatever it holds. */
export function mappingsPath(mapId: string): string {
  return `${MAPS_PATH}/${encodeURIComponent(mapId)}`;
}
