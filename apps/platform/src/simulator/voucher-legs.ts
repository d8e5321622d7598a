import {
  formatCompactIso,
  type ServiceData,
  type ServiceDataEntry,
} from '@web-control/contract/transactions';
import { DEMO_INSTANCES, MONEY_TRANSFER_HOST } from '../db/demo-topology.ts';
import type { RecordedLeg } from '../modules/transactions/repository.ts';
import type { VoucherPlace } from '../modules/vouchers/switch-events.ts';
import { drawDigits as digits, drawLogNormal, later, pickFrom, type Random } from './random.ts';

/**
 * What the switch records when a voucher is bought at a branch or redeemed at a merchant: one leg
 * each, from the branch host (plain text) or the POS acquirer (JSON) to the money-transfer host.
 * The leg's uuid is the authorisation id the voucher keeps, so its trace opens from the voucher.
 */

export const VOUCHER_PURCHASE_SERVICE_TYPE = 'voucher-purchase';
export const VOUCHER_REDEMPTION_SERVICE_TYPE = 'voucher-redemption';
export const VOUCHER_CURRENCY_CODE = 'ZAR';

function place(
  merchantId: string,
  terminalId: string,
  name: string,
  city: string,
  region: string,
): VoucherPlace {
  return { merchantId, terminalId, name, city, region };
}

/** Where vouchers are bought (and refunded). */
export const VOUCHER_BRANCHES: readonly VoucherPlace[] = [
  place('BR1001', 'BR100101', 'PEP Money Transfer Soweto', 'Soweto', 'Gauteng'),
  place('BR1002', 'BR100201', 'Shoprite Money Market Bellville', 'Bellville', 'Western Cape'),
  place('BR1003', 'BR100301', 'Boxer Money Transfer Umlazi', 'Umlazi', 'KwaZulu-Natal'),
  place('BR1004', 'BR100401', 'Usave Money Transfer Polokwane', 'Polokwane', 'Limpopo'),
  place('BR1005', 'BR100501', 'PEP Money Transfer Mthatha', 'Mthatha', 'Eastern Cape'),
];

/** Where vouchers are redeemed. */
export const VOUCHER_MERCHANTS: readonly VoucherPlace[] = [
  place('M200114', 'POS200114', 'Checkers Sandton City', 'Johannesburg', 'Gauteng'),
  place('M200233', 'POS200233', 'Spar Rondebosch', 'Cape Town', 'Western Cape'),
  place('M200356', 'POS200356', 'Pick n Pay Gateway', 'Umhlanga', 'KwaZulu-Natal'),
  place('M200471', 'POS200471', 'Boxer Superstore Thohoyandou', 'Thohoyandou', 'Limpopo'),
  place('M200589', 'POS200589', 'OK Foods Bloemfontein', 'Bloemfontein', 'Free State'),
  place('M200612', 'POS200612', 'Shoprite Mahikeng', 'Mahikeng', 'North West'),
  place('M200748', 'POS200748', 'Spar Nelspruit Crossing', 'Mbombela', 'Mpumalanga'),
];

const NODES = DEMO_INSTANCES.flatMap((instance) => instance.nodes.map((node) => node.description));

/** A voucher's face value in cents: R50 to R5 000 in whole R10s, most around R500. */
export function drawVoucherAmount(random: Random): number {
  const rands = Math.min(5_000, Math.max(50, drawLogNormal(random, 500, 0.8)));
  return Math.round(rands / 10) * 1_000;
}

/** A partial redemption takes 30–70 % of the balance in whole R10s; never all of it. */
export function drawPartialAmount(random: Random, balanceMinor: number): number {
  const share = 0.3 + random() * 0.4;
  return Math.min(balanceMinor - 1_000, Math.max(1_000, Math.round((balanceMinor * share) / 1_000) * 1_000));
}

export function drawCustomerId(random: Random): string {
  return `C${digits(random, 8)}`;
}

/** Most senders name the recipient's phone number; some leave it out. */
export function drawRecipientId(random: Random): string | null {
  return random() < 0.75 ? `27${pickFrom(random, ['82', '83', '72', '71', '84'])}${digits(random, 7)}` : null;
}

function rands(minor: number): string {
  return (minor / 100).toFixed(2);
}

function amountEntry(minor: number): ServiceDataEntry {
  return { name: 'Amount', value: minor, meta: { currency: VOUCHER_CURRENCY_CODE } };
}

function placeEntry(name: string, where: VoucherPlace): ServiceDataEntry {
  return {
    name,
    value: [
      { name: 'Name', value: where.name },
      { name: 'Merchant ID', value: where.merchantId },
      { name: 'City', value: where.city },
      { name: 'Region', value: where.region },
    ],
  };
}

export interface VoucherLegFacts {
  uuid: string;
  reference: string;
  amountMinor: number;
  where: VoucherPlace;
  recipientId: string | null;
  at: Date;
  random: Random;
}

function leg(
  facts: VoucherLegFacts,
  kind: { serviceTypeId: string; serviceDesc: string; originatorTypeId: string },
  serviceData: ServiceData,
  messages: RecordedLeg['messages'],
  completed: Date,
): RecordedLeg {
  return {
    uuid: facts.uuid,
    referenceNumber: facts.reference,
    originatorTypeId: kind.originatorTypeId,
    originatorId: facts.where.terminalId,
    serviceTypeId: kind.serviceTypeId,
    serviceDesc: kind.serviceDesc,
    receiverId: MONEY_TRANSFER_HOST.id,
    receiverName: MONEY_TRANSFER_HOST.name,
    serverDesc: pickFrom(facts.random, NODES),
    tranState: 'Approved',
    timeStarted: facts.at,
    timeCompleted: completed,
    uuidPrev: null,
    uuidNext: null,
    serviceData,
    messages,
  };
}

/** The branch host's purchase request (plain text) and the money-transfer host's answer. */
export function voucherPurchaseLeg(facts: VoucherLegFacts & { customerId: string }): RecordedLeg {
  const { reference, amountMinor, where, at, random } = facts;
  const completed = later(at, 120 + random() * 400);
  const authorisationCode = digits(random, 6);
  return leg(
    facts,
    {
      serviceTypeId: VOUCHER_PURCHASE_SERVICE_TYPE,
      serviceDesc: 'Voucher Purchase',
      originatorTypeId: 'branch',
    },
    {
      base: [
        amountEntry(amountMinor),
        {
          name: 'Originator',
          value: [
            { name: 'Type', value: 'Branch teller' },
            { name: 'ID', value: where.terminalId },
          ],
        },
      ],
      service: [
        { name: 'Voucher reference', value: reference },
        placeEntry('Branch', where),
        { name: 'Customer', value: facts.customerId },
        { name: 'Recipient', value: facts.recipientId ?? 'Not named' },
        { name: 'Authorisation code', value: authorisationCode },
      ],
      error: [],
    },
    [
      {
        edgeName: 'Branch Host',
        edgeType: 'INLET',
        direction: 'RECEIVE',
        nrRepeats: 1,
        content: [
          'TXN VOUCHER-PURCHASE',
          `TELLER ${where.terminalId}`,
          `CUSTOMER ${facts.customerId}`,
          `RECIPIENT ${facts.recipientId ?? '-'}`,
          `AMT ${rands(amountMinor)} ${VOUCHER_CURRENCY_CODE}`,
        ].join('\n'),
        messageDesc: 'Voucher purchase request',
        timeCreated: at,
      },
      {
        edgeName: MONEY_TRANSFER_HOST.name,
        edgeType: 'OUTLET',
        direction: 'SEND',
        nrRepeats: 1,
        content: JSON.stringify({
          operation: 'createSenderOrder',
          customerId: facts.customerId,
          recipientId: facts.recipientId,
          amount: { amount: amountMinor, currency: VOUCHER_CURRENCY_CODE },
          branch: { merchantId: where.merchantId, terminalId: where.terminalId },
        }),
        messageDesc: 'Create sender order',
        timeCreated: later(at, 2 + random() * 5),
      },
      {
        edgeName: MONEY_TRANSFER_HOST.name,
        edgeType: 'OUTLET',
        direction: 'RECEIVE',
        nrRepeats: 1,
        content: JSON.stringify({ reference, state: 'CREATED', authorisationCode }),
        messageDesc: 'Sender order created',
        timeCreated: later(completed, -2),
      },
      {
        edgeName: 'Branch Host',
        edgeType: 'INLET',
        direction: 'SEND',
        nrRepeats: 1,
        content: [`REF ${reference}`, 'RC 00', 'TEXT VOUCHER ISSUED'].join('\n'),
        messageDesc: 'Voucher purchase response',
        timeCreated: completed,
      },
    ],
    completed,
  );
}

/** The POS acquirer's redemption request (JSON) and the money-transfer host's authorisation. */
export function voucherRedemptionLeg(facts: VoucherLegFacts & { balanceAfterMinor: number }): RecordedLeg {
  const { reference, amountMinor, where, at, random } = facts;
  const completed = later(at, 150 + random() * 500);
  const stan = digits(random, 6);
  const authorisationCode = digits(random, 6);
  return leg(
    facts,
    {
      serviceTypeId: VOUCHER_REDEMPTION_SERVICE_TYPE,
      serviceDesc: 'Voucher Redemption',
      originatorTypeId: 'pos',
    },
    {
      base: [
        amountEntry(amountMinor),
        {
          name: 'Originator',
          value: [
            { name: 'Type', value: 'Point of sale' },
            { name: 'ID', value: where.terminalId },
          ],
        },
        { name: 'STAN', value: stan },
      ],
      service: [
        { name: 'Voucher reference', value: reference },
        placeEntry('Merchant', where),
        { name: 'Recipient', value: facts.recipientId ?? 'Not named' },
        {
          name: 'Remaining balance',
          value: facts.balanceAfterMinor,
          meta: { currency: VOUCHER_CURRENCY_CODE },
        },
        { name: 'Authorisation code', value: authorisationCode },
      ],
      error: [],
    },
    [
      {
        edgeName: 'POS Acquirer',
        edgeType: 'INLET',
        direction: 'RECEIVE',
        nrRepeats: 1,
        content: JSON.stringify({
          mti: '0200',
          processingCode: '000000',
          amount: amountMinor.toString().padStart(12, '0'),
          currency: '710',
          stan,
          voucherReference: reference,
          terminalId: where.terminalId,
          merchantId: where.merchantId,
          transmitted: formatCompactIso(at),
        }),
        messageDesc: 'Voucher redemption request (0200)',
        timeCreated: at,
      },
      {
        edgeName: MONEY_TRANSFER_HOST.name,
        edgeType: 'OUTLET',
        direction: 'SEND',
        nrRepeats: 1,
        content: JSON.stringify({
          operation: 'authoriseRedemption',
          reference,
          amount: { amount: amountMinor, currency: VOUCHER_CURRENCY_CODE },
          merchantId: where.merchantId,
          terminalId: where.terminalId,
        }),
        messageDesc: 'Authorise redemption',
        timeCreated: later(at, 2 + random() * 5),
      },
      {
        edgeName: MONEY_TRANSFER_HOST.name,
        edgeType: 'OUTLET',
        direction: 'RECEIVE',
        nrRepeats: 1,
        content: JSON.stringify({
          reference,
          state: 'REDEMPTION_AUTHORISED',
          authorisationCode,
          remainingOrderAmount: { amount: facts.balanceAfterMinor, currency: VOUCHER_CURRENCY_CODE },
        }),
        messageDesc: 'Redemption authorised',
        timeCreated: later(completed, -2),
      },
      {
        edgeName: 'POS Acquirer',
        edgeType: 'INLET',
        direction: 'SEND',
        nrRepeats: 1,
        content: JSON.stringify({ mti: '0210', stan, responseCode: '00', authorisationCode }),
        messageDesc: 'Voucher redemption response (0210)',
        timeCreated: completed,
      },
    ],
    completed,
  );
}
