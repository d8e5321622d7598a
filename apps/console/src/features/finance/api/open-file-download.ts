import { downloadTokenResponseSchema } from '@web-control/contract/finance';
import { buildUrl, request } from '../../../shared/http/http-client';
import { getApiBase } from '../../../shared/runtime-config';

export type FileDownload = 'download' | 'exceptions';

export function getDownloadToken(fileId: number): Promise<string> {
  return request({
    api: 'filesApi',
    path: '/token',
    query: { fileIdentifier: fileId },
    schema: downloadTokenResponseSchema,
  }).then((answer) => answer.token);
}

/**
 * A single-use token first, then the file in a new window: the window carries no bearer header,
 * so the token is its credential.
 */
export async function openFileDownload(fileId: number, what: FileDownload): Promise<void> {
  const token = await getDownloadToken(fileId);
  window.open(buildUrl(getApiBase('filesApi'), `/${fileId}/${what}`, { access_token: token }), '_blank');
}
