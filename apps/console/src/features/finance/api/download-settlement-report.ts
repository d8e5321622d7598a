import { download } from '../../../shared/http/http-client';

/** A closed run's report (CSV). */
export function downloadSettlementReport(settlementId: number): Promise<string> {
  return download({ api: 'reconApi', path: `/settlements/${settlementId}/report` });
}
