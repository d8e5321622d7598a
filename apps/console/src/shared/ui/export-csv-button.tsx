import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { exportTokenResponseSchema } from '@web-control/contract/exports';
import { useState } from 'react';
import { refusalText } from '../http/error-message';
import { buildUrl, request } from '../http/http-client';
import { getApiBase } from '../runtime-config';

export const EXPORT_TEXTS = {
  button: 'Export CSV',
  failed: 'Could not start the export. Contact support if this persists.',
} as const;

/**
 * Every row of the list's current filter (not just the page) as CSV: a single-use token for the
 * list and filter first, then the download, which carries no bearer header.
 */
export async function exportCsv(list: string, filter: Record<string, unknown>): Promise<void> {
  const { token } = await request({
    api: 'exportsApi',
    path: `/${encodeURIComponent(list)}/token`,
    method: 'POST',
    body: filter,
    schema: exportTokenResponseSchema,
  });
  window.location.assign(
    buildUrl(getApiBase('exportsApi'), `/${encodeURIComponent(list)}`, { access_token: token }),
  );
}

interface ExportCsvButtonProps {
  list: string;
  filter: Record<string, unknown>;
  /** While the list's filter cannot be asked for (the list shows why). */
  disabled?: boolean;
}

export function ExportCsvButton({ list, filter, disabled = false }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      loading={busy}
      disabled={disabled}
      onClick={() => {
        setBusy(true);
        exportCsv(list, filter)
          .catch((error: unknown) =>
            notifications.show({ color: 'red', message: refusalText(error, () => EXPORT_TEXTS.failed) }),
          )
          .finally(() => setBusy(false));
      }}
    >
      {EXPORT_TEXTS.button}
    </Button>
  );
}
