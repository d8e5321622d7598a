import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../server.ts';

/** Asks a list's export token with a bearer token, as the console's Export CSV does. */
export function askExportToken(app: App, bearer: string, list: string, filter: object) {
  return app.inject({
    method: 'POST',
    url: `/api/exports/${list}/token`,
    headers: { authorization: `Bearer ${bearer}` },
    payload: filter,
  });
}

/** The download a token opens, and its CSV lines (the header first). */
export async function downloadExport(
  app: App,
  list: string,
  token: string,
): Promise<{ response: LightMyRequestResponse; lines: string[] }> {
  const response = await app.inject({
    url: `/api/exports/${list}?access_token=${encodeURIComponent(token)}`,
  });
  return { response, lines: response.body.trimEnd().split('\r\n') };
}

/**
 * Token, then download: the lines of a list's export. Fails the test when either is refused, or
 * when the token opens a second download.
 */
export async function exportLines(app: App, bearer: string, list: string, filter: object): Promise<string[]> {
  const issued = await askExportToken(app, bearer, list, filter);
  if (issued.statusCode !== 200) throw new Error(`Export token refused: ${issued.statusCode} ${issued.body}`);
  const { token } = issued.json<{ token: string }>();
  const { response, lines } = await downloadExport(app, list, token);
  if (response.statusCode !== 200) throw new Error(`Export refused: ${response.statusCode} ${response.body}`);
  const again = await downloadExport(app, list, token);
  if (again.response.statusCode !== 403) throw new Error(`A spent token opened ${list} again`);
  return lines;
}
