import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface LbServicesTable {
  service_id: string;
  name: string;
  traffic_share: Generated<number>;
  position: Generated<number>;
}

export interface ReceiversTable {
  receiver_id: string;
  service_id: string;
  name: string;
  active: Generated<boolean>;
  weight: number;
  latency_median_ms: number;
  latency_spread: number;
  failure_rate: number;
  store_and_forward: Generated<boolean>;
  outage_every_seconds: number | null;
  outage_for_seconds: number | null;
  position: Generated<number>;
  /** Raised by every change of weight or active: a save against an older version is refused. */
  version: Generated<number>;
}

/** A receiver's status history; the newest row is its latestChange. */
export interface ReceiverChangesTable {
  change_id: Generated<string | number>;
  receiver_id: string;
  current_status: string;
  changed_at: Timestamp;
  actor: string | null;
  reason: string;
}

/** A receiver's live figures, refreshed by the switch (the simulator) every 10 s. */
export interface ReceiverTrafficTable {
  receiver_id: string;
  throughput: number;
  success_rate: number;
  updated_at: Timestamp;
}

export interface LoadBalancerTables {
  lb_services: LbServicesTable;
  receivers: ReceiversTable;
  receiver_changes: ReceiverChangesTable;
  receiver_traffic: ReceiverTrafficTable;
}
