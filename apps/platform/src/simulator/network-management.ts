import { randomUUID } from 'node:crypto';
import { packIso8583 } from '@web-control/contract/iso8583';
import {
  CARD_SERVICE_ID,
  DEMO_INSTANCES,
  DEMO_SERVICES,
  NETWORK_MANAGEMENT_SERVICE_TYPE,
} from '../db/demo-topology.ts';
import type { RecordedLeg } from '../modules/transactions/repository.ts';
import { MINUTE_MS } from '../time.ts';
import { transmission } from './card-messages.ts';
import { isInOutage, RECEIVER_TIMEOUT_MS, TICK_MS } from './engine.ts';

/**
 * The switch's network management on its card network links: an echo test (0800, DE 70 = 301)
 * to each card network every 5 minutes, answered by an 0810, or unanswered (sent three times)
 * while the network is down. Each echo is a leg of its own, under the Network Management type.
 */

export const ECHO_EVERY_MS = 5 * MINUTE_MS;
const ECHO_RETRIES = 3;
const ECHO_ANSWER_MS = 120;
const ECHO_TEST = '301';

const CARD_NETWORKS = (DEMO_SERVICES.find((service) => service.id === CARD_SERVICE_ID)?.receivers ?? []).map(
  (receiver) => ({
    id: receiver.id,
    name: receiver.name,
    outageEverySeconds: receiver.outage?.everySeconds ?? null,
    outageForSeconds: receiver.outage?.forSeconds ?? null,
  }),
);
const SWITCH_NODE = DEMO_INSTANCES[0]?.nodes[0]?.description ?? 'switch';

/** The echo legs of the tick that ends at `tickEnd` (its echo instants are in (tickEnd − 10 s, tickEnd]). */
export function networkManagementLegs(tickEnd: number): RecordedLeg[] {
  const legs: RecordedLeg[] = [];
  const first = Math.floor((tickEnd - TICK_MS) / ECHO_EVERY_MS) * ECHO_EVERY_MS + ECHO_EVERY_MS;
  for (let time = first; time <= tickEnd; time += ECHO_EVERY_MS) {
    const sent = new Date(time);
    const stan = String(Math.floor(time / ECHO_EVERY_MS) % 1_000_000).padStart(6, '0');
    const request = { 7: transmission(sent), 11: stan, 70: ECHO_TEST };
    for (const network of CARD_NETWORKS) {
      const down = isInOutage(network, time);
      const answered = new Date(time + ECHO_ANSWER_MS);
      legs.push({
        uuid: randomUUID(),
        referenceNumber: `NM${transmission(sent)}`,
        originatorTypeId: 'switch',
        originatorId: SWITCH_NODE,
        serviceTypeId: NETWORK_MANAGEMENT_SERVICE_TYPE,
        serviceDesc: 'Network Management',
        receiverId: network.id,
        receiverName: network.name,
        serverDesc: SWITCH_NODE,
        tranState: down ? 'Timeout' : 'Completed',
        timeStarted: sent,
        timeCompleted: down ? new Date(time + RECEIVER_TIMEOUT_MS) : answered,
        uuidPrev: null,
        uuidNext: null,
        serviceData: null,
        stan,
        messages: [
          {
            edgeName: network.name,
            edgeType: 'OUTLET',
            direction: 'SEND',
            nrRepeats: down ? ECHO_RETRIES : 1,
            content: packIso8583({ mti: '0800', fields: request }),
            messageDesc: 'Echo test (0800)',
            timeCreated: sent,
          },
          ...(down
            ? []
            : [
                {
                  edgeName: network.name,
                  edgeType: 'OUTLET' as const,
                  direction: 'RECEIVE' as const,
                  nrRepeats: 1,
                  content: packIso8583({ mti: '0810', fields: { ...request, 39: '00' } }),
                  messageDesc: 'Echo test response (0810)',
                  timeCreated: answered,
                },
              ]),
        ],
      });
    }
  }
  return legs;
}
