import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { HOME_CRUMB } from '../constants';
import { VOUCHER_TITLE, VOUCHERS_TITLE } from '../titles';
import { VOUCHERS_PATH } from '../paths';

/** Home > Vouchers, or Home > Vouchers > Voucher on a detail page (specification 3, section 2). */
export function VoucherBreadcrumbs({ detail = false }: { detail?: boolean }) {
  const current = (label: string) => (
    <Text key={label} size="sm" aria-current="page">
      {label}
    </Text>
  );
  return (
    <nav aria-label="Breadcrumbs">
      <Breadcrumbs>
        {/* /dashboard goes to the configured default page, as Home does everywhere. */}
        <Anchor component={Link} to="/dashboard" size="sm">
          {HOME_CRUMB}
        </Anchor>
        {detail ? (
          <Anchor component={Link} to={VOUCHERS_PATH} size="sm">
            {VOUCHERS_TITLE}
          </Anchor>
        ) : (
          current(VOUCHERS_TITLE)
        )}
        {detail ? current(VOUCHER_TITLE) : null}
      </Breadcrumbs>
    </nav>
  );
}
