// The area's lazily loaded route module: one chunk for its screens.
export { VoucherSearchPage } from './search/voucher-search-page';
export { VoucherDetailPage } from './detail/voucher-detail-page';
