import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { DownloadFormat } from '@web-control/contract/config-maps';
import { download } from '../../../shared/http/http-client';
import { CONFIG_MESSAGES } from '../constants';
import type { PageQuery } from '../mappings/page-url';
import { mappingsPath } from './get-mappings';

interface DownloadMappingsInput {
  mapId: string;
  /** The selection on screen (version, filters); the file holds all of it, not one page. */
  selection: PageQuery;
  format: DownloadFormat;
}

/** Saves the file the platform names (the map id plus the format); answers that name. */
export function downloadMappings({ mapId, selection, format }: DownloadMappingsInput): Promise<string> {
  return download({
    api: 'configApi',
    path: mappingsPath(mapId),
    query: { ...selection, 'download-format': format },
  });
}

export function useDownloadMappings() {
  return useMutation({
    mutationFn: downloadMappings,
    onError: () => {
      notifications.show({ color: 'red', message: CONFIG_MESSAGES.downloadFailed });
    },
  });
}
