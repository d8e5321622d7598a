import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export function VoucherSearchPage() {
  return <AreaPendingPage title="Vouchers" />;
}

export function VoucherDetailPage() {
  return <AreaPendingPage title="Voucher" />;
}
