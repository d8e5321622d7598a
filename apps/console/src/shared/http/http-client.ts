import { PERMISSIONS_CHANGED_HEADER } from '@web-control/contract/auth';
import type { ApiName } from '@web-control/contract/runtime-config';
import type { ZodType } from 'zod';
import { openModal } from '../modals/modal-store';
import { alertModal } from '../modals/standard-modals';
import { getApiBase } from '../runtime-config';
import { expireSession, getAccount, notePermissionsChanged } from '../session/session-state';
import { REQUEST_TIMEOUT_MS } from '../timing';
import { takeEarlyAnswer } from './early-calls';
import { HttpError, HttpTimeoutError } from './http-error';

export const TIMEOUT_TITLE = 'Apologies';
export const TIMEOUT_TEXT = 'We seem to be experiencing issues, please try again';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  api: ApiName;
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /**
   * JSON, a Blob sent as raw bytes, or FormData sent as multipart (the browser writes its
   * boundary).
   */
  body?: unknown;
  /**
   * Extra request headers, such as If-Match or Idempotency-Key. A Content-Type given here names
   * a JSON body's media type (`application/json-patch+json`).
   */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The auth calls (sign-in, refresh, logout, password links): sent without the bearer token,
   * and their 401 means wrong credentials, not an ended session.
   */
  anonymous?: boolean;
}

export function buildUrl(base: string, path: string, query?: RequestOptions['query']): string {
  const url = `${base.replace(/\/$/, '')}${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

let timeoutDialogOpen = false;

function showTimeoutDialog(): void {
  if (timeoutDialogOpen) return;
  timeoutDialogOpen = true;
  void openModal(alertModal, { title: TIMEOUT_TITLE, text: TIMEOUT_TEXT }, { urgent: true }).then(() =>
    window.location.reload(),
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json();
  const text = await response.text();
  return text === '' ? undefined : text;
}

/** Rejects as an aborted `fetch` does once the signal aborts: for a wait that is no fetch of its own. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(new DOMException('The call was aborted', 'AbortError'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

async function send(options: RequestOptions): Promise<Response> {
  const anonymous = options.anonymous === true;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  // A Blob (an uploaded file) goes as its raw bytes, FormData as multipart; anything else as JSON.
  const form = options.body instanceof FormData ? options.body : undefined;
  const raw = options.body instanceof Blob ? options.body : form;
  if (form) headers.delete('Content-Type');
  else if (raw) headers.set('Content-Type', 'application/octet-stream');
  else if (options.body !== undefined && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  const token = getAccount().accessToken;
  if (!anonymous && token) headers.set('Authorization', `Bearer ${token}`);
  const url = buildUrl(getApiBase(options.api), options.path, options.query);
  const method = options.method ?? 'GET';
  // The screen's first call, which its page made before the console ran (decision 0059).
  const early = method === 'GET' && !anonymous ? takeEarlyAnswer(url, token) : undefined;

  // A timer of the page rather than AbortSignal.timeout, so tests can move the clock.
  const timeout = new AbortController();
  const timer = window.setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  try {
    response =
      (early && (await Promise.race([early, untilAborted(signal)]))) ??
      (await fetch(url, {
        method,
        headers,
        body: raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal,
      }));
  } catch (error) {
    if (timeout.signal.aborted) {
      showTimeoutDialog();
      throw new HttpTimeoutError();
    }
    throw error;
  } finally {
    window.clearTimeout(timer);
  }
  if (!anonymous && response.headers.has(PERMISSIONS_CHANGED_HEADER)) notePermissionsChanged();
  if (response.status === 401 && !anonymous) expireSession();
  if (!response.ok) throw new HttpError(response.status, await readBody(response));
  return response;
}

/** Every call of the console goes through here; the answer is parsed with its contract schema. */
export async function request<T>(options: RequestOptions & { schema: ZodType<T> }): Promise<T> {
  const response = await send(options);
  return options.schema.parse(await readBody(response));
}

/** A call whose status matters besides its body, such as 206 for a partial answer. */
export async function requestWithStatus<T>(
  options: RequestOptions & { schema: ZodType<T> },
): Promise<{ status: number; data: T }> {
  const response = await send(options);
  return { status: response.status, data: options.schema.parse(await readBody(response)) };
}

/** A call whose answer has no body worth reading (204, or a body the caller ignores). */
export async function requestWithoutResult(options: RequestOptions): Promise<void> {
  await send(options);
}

/** RFC 6266: the exact name as `filename*=UTF-8''…` wins over the plain, possibly ASCII-only, `filename`. */
const EXTENDED_FILENAME = /filename\*=UTF-8''([^;\s]+)/i;
const PLAIN_FILENAME = /filename="([^"]*)"|filename=([^;\s]+)/i;

function fileNameOf(disposition: string): string {
  const extended = EXTENDED_FILENAME.exec(disposition)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Not valid percent-encoded UTF-8: the plain name is the next best.
    }
  }
  const plain = PLAIN_FILENAME.exec(disposition);
  return plain?.[1] ?? plain?.[2] ?? 'download';
}

/** Downloads a file; the answer must say it is an attachment. */
export async function download(options: RequestOptions): Promise<string> {
  const response = await send(options);
  const disposition = response.headers.get('content-disposition') ?? '';
  if (!disposition.toLowerCase().startsWith('attachment')) {
    throw new Error('The server did not send the file as an attachment');
  }
  const filename = fileNameOf(disposition);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
  return filename;
}

export function resetTimeoutDialogForTests(): void {
  timeoutDialogOpen = false;
}
