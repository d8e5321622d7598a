import type { Receiver } from '@web-control/contract/load-balancer';

/** What the load balancer's modals need of each receiver of the service. */
export type ReceiverShareInput = Pick<Receiver, 'id' | 'name' | 'isActive' | 'weight' | 'latestChange'>;

/**
 * The page passes the change as a function, run through the queue's submit so the modal shows it
 * submitting and keeps its error.
 */
export interface ReceiverChangeParams {
  receiver: ReceiverShareInput;
  /** Every receiver of the service, the one changing included, as they are now. */
  receivers: readonly ReceiverShareInput[];
  /** The state asked for: true enables the receiver, false disables it. */
  active: boolean;
  apply: () => Promise<void>;
}

export interface ReceiverWeightParams {
  receiver: ReceiverShareInput;
  receivers: readonly ReceiverShareInput[];
  apply: (weight: number) => Promise<void>;
}
