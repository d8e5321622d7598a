import {
  clientMapContentSchema,
  clientMapsResponseSchema,
  type AcknowledgementBody,
} from '@web-control/contract/config-maps';
import type { Clock } from '../../clock.ts';
import { MINUTE_MS, SECOND_MS } from '../../time.ts';
import { SYSTEM_ACTOR } from '../audit/audited-change.ts';
import { BIN_ROUTING_MAP, DEMO_CLIENT_IDS, RECEIVER_TIMEOUTS_MAP } from './seed.ts';
import type { ConfigMapsService } from './service.ts';

/**
 * The simulated switch nodes as configuration map clients: each signs in with its own client id
 * and secret, fetches the pushed version of every map it subscribes to through the client API,
 * applies it and acknowledges. Two nodes misbehave on purpose so every client status shows in
 * the demo: one rejects a receiver timeout it cannot parse, one applies the large BIN map late.
 */

export const SWITCH_NODE_POLL_MS = 10 * SECOND_MS;

interface NodeBehaviour {
  /** Why the node cannot apply this mapping, if it cannot. */
  refuse?: (mapId: string, key: string, value: string) => string | undefined;
  /** How long after a push the node applies a map's new version. */
  delayMs?: (mapId: string) => number;
}

const WHOLE_MILLISECONDS = /^[0-9]+$/;

export const SWITCH_NODE_BEHAVIOURS: Record<string, NodeBehaviour> = {
  // Older software: its timeout parser takes whole milliseconds only.
  'jhb-node-02': {
    refuse: (mapId, key, value) =>
      mapId === RECEIVER_TIMEOUTS_MAP && !WHOLE_MILLISECONDS.test(value)
        ? `Cannot parse timeout '${value}' for receiver '${key}': expected whole milliseconds`
        : undefined,
  },
  // Reloads the large BIN table only in its quiet window, ten minutes after a push.
  'cpt-node-02': { delayMs: (mapId) => (mapId === BIN_ROUTING_MAP ? 10 * MINUTE_MS : 0) },
};

/** What the nodes need of the platform: its HTTP interface (the real client API) and a secret per node. */
export interface SwitchNodesOptions {
  inject: (request: {
    method: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    payload?: AcknowledgementBody;
  }) => Promise<{ statusCode: number; body: string }>;
  service: Pick<ConfigMapsService, 'issueClientSecret'>;
  clock: Clock;
  log: { warn(object: object, message: string): void };
  clientIds?: readonly string[];
}

export function createSwitchNodes(options: SwitchNodesOptions) {
  const { inject, service, clock, log } = options;
  const clientIds = options.clientIds ?? DEMO_CLIENT_IDS;
  const secrets = new Map<string, string>();
  /** Per node and map: the version it last acknowledged (applied or rejected). */
  const acknowledged = new Map<string, string>();

  async function authorization(clientId: string): Promise<Record<string, string>> {
    let secret = secrets.get(clientId);
    if (secret === undefined) {
      secret = await service.issueClientSecret(SYSTEM_ACTOR, clientId);
      secrets.set(clientId, secret);
    }
    return { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` };
  }

  async function pollNode(clientId: string): Promise<number> {
    const behaviour = SWITCH_NODE_BEHAVIOURS[clientId] ?? {};
    const headers = await authorization(clientId);
    const listed = await inject({ method: 'GET', url: '/api/config/client/maps', headers });
    if (listed.statusCode !== 200) throw new Error(`client maps: ${listed.statusCode}`);
    let acknowledgements = 0;
    for (const map of clientMapsResponseSchema.parse(JSON.parse(listed.body)).maps) {
      if (map.versionId === null || acknowledged.get(`${clientId}|${map.id}`) === map.versionId) continue;
      const pushedAt = map.timePushed === null ? 0 : Date.parse(map.timePushed);
      const delayMs = behaviour.delayMs?.(map.id) ?? 0;
      if (delayMs > 0 && clock.now().getTime() - pushedAt < delayMs) continue;
      const fetched = await inject({ method: 'GET', url: `/api/config/client/maps/${map.id}`, headers });
      if (fetched.statusCode !== 200) throw new Error(`map ${map.id}: ${fetched.statusCode}`);
      const content = clientMapContentSchema.parse(JSON.parse(fetched.body));
      const refusal = content.mappings
        .map((mapping) => behaviour.refuse?.(map.id, mapping.key, mapping.value))
        .find((reason) => reason !== undefined);
      const payload: AcknowledgementBody = {
        versionId: content.versionId,
        status: refusal === undefined ? 'applied' : 'rejected',
        logMessage:
          refusal ??
          `Applied version ${content.versionId.slice(0, 6)}: ${content.mappings.length.toString()} mappings`,
        logTime: clock.now().toISOString(),
      };
      const answer = await inject({
        method: 'POST',
        url: `/api/config/client/maps/${map.id}/acknowledgements`,
        headers,
        payload,
      });
      // 409: pushed again meanwhile; the next poll takes the new version.
      if (answer.statusCode === 204) {
        acknowledged.set(`${clientId}|${map.id}`, content.versionId);
        acknowledgements += 1;
      }
    }
    return acknowledgements;
  }

  let running: Promise<number> | undefined;

  return {
    /** One poll of every node; answers how many acknowledgements were sent. */
    async tick(): Promise<number> {
      running ??= (async () => {
        let total = 0;
        for (const clientId of clientIds) {
          try {
            total += await pollNode(clientId);
          } catch (error) {
            log.warn({ err: error, clientId }, 'Simulated switch node could not apply its maps');
          }
        }
        return total;
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}

export type SwitchNodes = ReturnType<typeof createSwitchNodes>;

/** Polls every SWITCH_NODE_POLL_MS on real timers (npm start with SIMULATOR=on). */
export function startSwitchNodes(nodes: SwitchNodes): { stop(): Promise<void> } {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (!stopped) current = nodes.tick();
  }, SWITCH_NODE_POLL_MS);
  timer.unref();
  current = nodes.tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current.catch(() => undefined);
    },
  };
}
