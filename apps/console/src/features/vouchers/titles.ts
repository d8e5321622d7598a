export const VOUCHERS_TITLE = 'Vouchers';
export const VOUCHER_TITLE = 'Voucher';
