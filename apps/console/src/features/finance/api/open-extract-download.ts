import { downloadTokenResponseSchema } from '@web-control/contract/finance';
import type { Extract } from '@web-control/contract/finance-settlements';
import { buildUrl, request } from '../../../shared/http/http-client';
import { getApiBase } from '../../../shared/runtime-config';

/**
 * A single-use token for the extract's path first, then the file in a new window, which carries
 * no bearer header: the token is its credential.
 */
export async function openExtractDownload(extract: Pick<Extract, 'path' | 'fileName'>): Promise<void> {
  const { token } = await request({
    api: 'filesApi',
    path: '/token',
    query: { fileIdentifier: extract.path },
    schema: downloadTokenResponseSchema,
  });
  window.open(
    buildUrl(getApiBase('reconApi'), '/extracts/download', {
      path: extract.path,
      filename: extract.fileName,
      access_token: token,
    }),
    '_blank',
  );
}
