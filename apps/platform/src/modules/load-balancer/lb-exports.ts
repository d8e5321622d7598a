import { z } from 'zod';
import { text } from '@web-control/contract/inputs';
import type { ExportDefinition } from '../exports/service.ts';
import type { LoadBalancerService } from './service.ts';

/** The status column as the screens show it (no status seen yet: unknown). */
function statusOf(change: { currentStatus: string } | undefined): string {
  return change?.currentStatus ?? 'unknown';
}

/** The services list as CSV (a handful of rows: written at once). */
const noFilterSchema = z.object({});

export function createServicesExport(
  lb: LoadBalancerService,
): ExportDefinition<z.infer<typeof noFilterSchema>> {
  return {
    permissions: ['VIEW_LOAD_BALANCER'],
    querySchema: noFilterSchema,
    fileName: 'load-balancer-services.csv',
    header: ['Service', 'Status'],
    writeRows: async (_query, _exporter, write) => {
      await write((await lb.listServices()).map((service) => [service.name, statusOf(service.latestChange)]));
    },
  };
}

const receiversQuerySchema = z.object({ serviceId: text().min(1).max(64) });

/** A service's receivers as CSV: throughput in requests per second and the success rate in per cent, plain numbers. */
export function createReceiversExport(
  lb: LoadBalancerService,
): ExportDefinition<z.infer<typeof receiversQuerySchema>> {
  return {
    permissions: ['VIEW_LOAD_BALANCER'],
    querySchema: receiversQuerySchema,
    fileName: (query) => `load-balancer-${query.serviceId}-receivers.csv`,
    check: async (query) => {
      await lb.getService(query.serviceId);
    },
    header: ['Receiver', 'Status', 'Active', 'Throughput', 'Success rate', 'Weight'],
    writeRows: async (query, _exporter, write) => {
      const receivers = await lb.listReceivers(query.serviceId);
      await write(
        receivers.map((receiver) => [
          receiver.name,
          statusOf(receiver.latestChange),
          String(receiver.isActive),
          String(receiver.throughput),
          String(receiver.successRate),
          String(receiver.weight),
        ]),
      );
    },
  };
}
