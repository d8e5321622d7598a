/** The demo switch the seed creates: two data centres with two nodes each, three load-balanced services. */

export interface DemoInstance {
  id: string;
  name: string;
  description: string;
  nodes: ReadonlyArray<{ id: string; description: string }>;
}

export interface DemoReceiver {
  id: string;
  name: string;
  active: boolean;
  weight: number;
  latencyMedianMs: number;
  latencySpread: number;
  failureRate: number;
  storeAndForward: boolean;
  outage?: { everySeconds: number; forSeconds: number };
}

export interface DemoService {
  id: string;
  name: string;
  trafficShare: number;
  receivers: readonly DemoReceiver[];
}

export const DEMO_INSTANCES: readonly DemoInstance[] = [
  {
    id: 'ecs-jhb',
    name: 'ECS Johannesburg',
    description: 'Johannesburg (primary)',
    nodes: [
      { id: 'jhb-node-01', description: 'jhb-ecs-01' },
      { id: 'jhb-node-02', description: 'jhb-ecs-02' },
    ],
  },
  {
    id: 'ecs-cpt',
    name: 'ECS Cape Town',
    description: 'Cape Town (secondary)',
    nodes: [
      { id: 'cpt-node-01', description: 'cpt-ecs-01' },
      { id: 'cpt-node-02', description: 'cpt-ecs-02' },
    ],
  },
];

function receiver(
  id: string,
  name: string,
  weight: number,
  profile: { median: number; spread: number; failures: number },
  options: { active?: boolean; storeAndForward?: boolean; outage?: DemoReceiver['outage'] } = {},
): DemoReceiver {
  return {
    id,
    name,
    active: options.active ?? true,
    weight,
    latencyMedianMs: profile.median,
    latencySpread: profile.spread,
    failureRate: profile.failures,
    storeAndForward: options.storeAndForward ?? false,
    ...(options.outage === undefined ? {} : { outage: options.outage }),
  };
}

/** The host vouchers are bought and redeemed at: the switch routes to it directly, not through the load balancer. */
export const MONEY_TRANSFER_HOST = { id: 'money-transfer-host', name: 'Money Transfer Host' } as const;
/** Receivers outside the load balancer, which the transactions' Receiver filter offers too. */
export const DIRECT_RECEIVERS: readonly { id: string; name: string }[] = [MONEY_TRANSFER_HOST];

/** The load-balanced service of the card networks: its legs are ISO 8583. */
export const CARD_SERVICE_ID = 'card-authorisations';

export const DEMO_SERVICES: readonly DemoService[] = [
  {
    id: CARD_SERVICE_ID,
    name: 'Card Authorisations',
    trafficShare: 0.5,
    receivers: [
      receiver('visa-base-i', 'Visa Base I', 500, { median: 180, spread: 0.35, failures: 0.02 }),
      // Unanswered for 45 s in every 29 minutes (off the hour): its authorisations time out and
      // are reversed, some answered too late.
      receiver(
        'mastercard-banknet',
        'Mastercard Banknet',
        300,
        { median: 210, spread: 0.4, failures: 0.025 },
        { outage: { everySeconds: 1740, forSeconds: 45 } },
      ),
      receiver(
        'amex-gateway-saf',
        'Amex Gateway (SAF)',
        200,
        { median: 260, spread: 0.45, failures: 0.03 },
        { storeAndForward: true },
      ),
    ],
  },
  {
    id: 'eft-payments',
    name: 'EFT Payments',
    trafficShare: 0.3,
    receivers: [
      receiver('bankserv-eft', 'BankservAfrica EFT', 600, { median: 320, spread: 0.3, failures: 0.01 }),
      receiver(
        'bankserv-eft-saf',
        'BankservAfrica EFT (SAF)',
        400,
        { median: 350, spread: 0.35, failures: 0.015 },
        { storeAndForward: true },
      ),
      receiver(
        'standard-bank-eft-backup',
        'Standard Bank EFT Backup',
        100,
        { median: 400, spread: 0.3, failures: 0.01 },
        { active: false },
      ),
    ],
  },
  {
    id: 'airtime-vending',
    name: 'Airtime Vending',
    trafficShare: 0.2,
    receivers: [
      receiver('vodacom-airtime', 'Vodacom Airtime', 400, { median: 240, spread: 0.4, failures: 0.03 }),
      // Down for 4 minutes in every 15, so its store-and-forward queues fill and drain.
      receiver(
        'mtn-airtime-saf',
        'MTN Airtime (SAF)',
        350,
        { median: 280, spread: 0.45, failures: 0.04 },
        { storeAndForward: true, outage: { everySeconds: 900, forSeconds: 240 } },
      ),
      // Unanswered for 30 s in every 20 minutes: its requests time out and are reversed.
      receiver(
        'cell-c-airtime',
        'Cell C Airtime',
        250,
        { median: 300, spread: 0.5, failures: 0.05 },
        { outage: { everySeconds: 1200, forSeconds: 30 } },
      ),
    ],
  },
];

/** How an originator reaches the switch: its inlet edge and the format its messages take. */
export type MessageFormat = 'json' | 'xml' | 'text';

export interface DemoOriginatorType {
  id: string;
  description: string;
  /** Prefix of the originator ids (terminal, merchant or channel). */
  idPrefix: string;
  edgeName: string;
  format: MessageFormat;
}

export const DEMO_ORIGINATOR_TYPES: readonly DemoOriginatorType[] = [
  { id: 'atm', description: 'ATM', idPrefix: 'ATM', edgeName: 'ATM Network', format: 'json' },
  { id: 'pos', description: 'Point of sale', idPrefix: 'POS', edgeName: 'POS Acquirer', format: 'json' },
  { id: 'ecom', description: 'E-commerce', idPrefix: 'ECOM', edgeName: 'E-commerce Gateway', format: 'json' },
  {
    id: 'mobile',
    description: 'Mobile app',
    idPrefix: 'APP',
    edgeName: 'Mobile Banking API',
    format: 'json',
  },
  { id: 'branch', description: 'Branch teller', idPrefix: 'BR', edgeName: 'Branch Host', format: 'text' },
];

/** The service type of the switch's own network management legs (echo tests). */
export const NETWORK_MANAGEMENT_SERVICE_TYPE = 'network-management';

export interface DemoServiceType {
  id: string;
  description: string;
  /** The load-balanced service that carries it; null for follow-up legs. */
  serviceId: string | null;
  trafficShare: number;
  originators: readonly string[];
}

export const DEMO_SERVICE_TYPES: readonly DemoServiceType[] = [
  {
    id: 'purchase',
    description: 'Purchase',
    serviceId: 'card-authorisations',
    trafficShare: 0.6,
    originators: ['pos', 'ecom'],
  },
  {
    id: 'cash-withdrawal',
    description: 'Cash Withdrawal',
    serviceId: 'card-authorisations',
    trafficShare: 0.2,
    originators: ['atm'],
  },
  {
    id: 'balance-enquiry',
    description: 'Balance Enquiry',
    serviceId: 'card-authorisations',
    trafficShare: 0.1,
    originators: ['atm', 'mobile'],
  },
  {
    id: 'pre-authorisation',
    description: 'Pre-authorisation',
    serviceId: 'card-authorisations',
    trafficShare: 0.1,
    originators: ['pos', 'ecom'],
  },
  {
    id: 'eft-credit',
    description: 'EFT Credit Transfer',
    serviceId: 'eft-payments',
    trafficShare: 0.7,
    originators: ['mobile', 'ecom', 'branch'],
  },
  {
    id: 'debit-order',
    description: 'Debit Order',
    serviceId: 'eft-payments',
    trafficShare: 0.3,
    originators: ['branch', 'mobile'],
  },
  {
    id: 'airtime',
    description: 'Airtime Purchase',
    serviceId: 'airtime-vending',
    trafficShare: 0.75,
    originators: ['mobile', 'atm', 'pos'],
  },
  {
    id: 'data-bundle',
    description: 'Data Bundle Purchase',
    serviceId: 'airtime-vending',
    trafficShare: 0.25,
    originators: ['mobile', 'pos'],
  },
  { id: 'reversal', description: 'Reversal', serviceId: null, trafficShare: 0, originators: [] },
  // The switch's echo tests on its card network links (0800/0810); no customer's transaction.
  {
    id: NETWORK_MANAGEMENT_SERVICE_TYPE,
    description: 'Network Management',
    serviceId: null,
    trafficShare: 0,
    originators: [],
  },
  {
    id: 'completion',
    description: 'Pre-authorisation Completion',
    serviceId: null,
    trafficShare: 0,
    originators: [],
  },
  // Money-transfer vouchers: the simulator's voucher traffic records these itself.
  {
    id: 'voucher-purchase',
    description: 'Voucher Purchase',
    serviceId: null,
    trafficShare: 0,
    originators: ['branch'],
  },
  {
    id: 'voucher-redemption',
    description: 'Voucher Redemption',
    serviceId: null,
    trafficShare: 0,
    originators: ['pos'],
  },
];
