/** What the coded values of ISO 8583:1987 mean, for the fields the trace explains. */

/** DE 39. */
export const RESPONSE_CODES: Readonly<Record<string, string>> = {
  '00': 'Approved',
  '01': 'Refer to card issuer',
  '03': 'Invalid merchant',
  '04': 'Pick up card',
  '05': 'Do not honour',
  '06': 'Error',
  '12': 'Invalid transaction',
  '13': 'Invalid amount',
  '14': 'Invalid card number',
  '30': 'Format error',
  '41': 'Lost card, pick up',
  '43': 'Stolen card, pick up',
  '51': 'Insufficient funds',
  '54': 'Expired card',
  '55': 'Incorrect PIN',
  '57': 'Transaction not permitted to cardholder',
  '58': 'Transaction not permitted to terminal',
  '61': 'Exceeds withdrawal amount limit',
  '65': 'Exceeds withdrawal frequency limit',
  '68': 'Response received too late',
  '75': 'Allowable number of PIN tries exceeded',
  '91': 'Issuer or switch inoperative',
  '92': 'Financial institution or intermediate network facility cannot be found for routing',
  '94': 'Duplicate transmission',
  '96': 'System malfunction',
};

/** DE 3, digits 1–2. */
export const TRANSACTION_TYPES: Readonly<Record<string, string>> = {
  '00': 'Goods and services',
  '01': 'Cash',
  '09': 'Goods and services with cash back',
  '20': 'Returns',
  '21': 'Deposits',
  '30': 'Available funds inquiry',
  '31': 'Balance inquiry',
  '40': 'Cardholder accounts transfer',
};

/** DE 3, digits 3–4 (from) and 5–6 (to). */
export const ACCOUNT_TYPES: Readonly<Record<string, string>> = {
  '00': 'default account',
  '10': 'savings account',
  '20': 'cheque account',
  '30': 'credit card account',
};

/** DE 22, digits 1–2: how the card number was read. */
export const PAN_ENTRY_MODES: Readonly<Record<string, string>> = {
  '00': 'Unknown',
  '01': 'Manual (key entered)',
  '02': 'Magnetic stripe',
  '05': 'Chip (integrated circuit card)',
  '07': 'Contactless chip',
  '10': 'Credential on file',
  '81': 'E-commerce',
  '90': 'Magnetic stripe, full track read',
  '91': 'Contactless magnetic stripe',
};

/** DE 22, digit 3. */
export const PIN_ENTRY_CAPABILITIES: Readonly<Record<string, string>> = {
  '0': 'PIN capability unknown',
  '1': 'terminal can accept PINs',
  '2': 'terminal cannot accept PINs',
};

/** DE 25. */
export const CONDITION_CODES: Readonly<Record<string, string>> = {
  '00': 'Normal presentment',
  '01': 'Customer not present',
  '02': 'Unattended terminal able to retain card',
  '05': 'Customer present, card not present',
  '08': 'Mail or telephone order',
  '51': 'Request for account number verification',
  '59': 'E-commerce request',
};

/** DE 18: the merchant category codes the switch sees most. */
export const MERCHANT_TYPES: Readonly<Record<string, string>> = {
  '4814': 'Telecommunication services',
  '5399': 'Miscellaneous general merchandise',
  '5411': 'Grocery stores, supermarkets',
  '5541': 'Service stations',
  '5651': 'Family clothing stores',
  '5912': 'Drug stores, pharmacies',
  '6011': 'Automated cash disbursements',
  '6012': 'Financial institutions, merchandise and services',
};

/** DE 49–51: ISO 4217 numeric to alphabetic code (the minor unit is two digits for all of these). */
export const CURRENCIES: Readonly<Record<string, string>> = {
  '710': 'ZAR',
  '840': 'USD',
  '978': 'EUR',
  '826': 'GBP',
  '072': 'BWP',
  '516': 'NAD',
};

/** DE 70. */
export const NETWORK_MANAGEMENT_CODES: Readonly<Record<string, string>> = {
  '001': 'Sign-on',
  '002': 'Sign-off',
  '161': 'Key change',
  '301': 'Echo test',
};

/** MTI digit 2. */
export const MESSAGE_CLASSES: Readonly<Record<string, string>> = {
  // The product's spelling, as the trace's message names; the fields keep the standard's.
  '1': 'Authorisation',
  '2': 'Financial',
  '3': 'File action',
  '4': 'Reversal',
  '5': 'Reconciliation',
  '6': 'Administrative',
  '8': 'Network management',
};

/** MTI digit 3. */
export const MESSAGE_FUNCTIONS: Readonly<Record<string, string>> = {
  '0': 'request',
  '1': 'response',
  '2': 'advice',
  '3': 'advice response',
  '4': 'notification',
};
