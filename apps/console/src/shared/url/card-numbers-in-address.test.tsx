import { screen } from '@testing-library/react';
import { useLocation, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { addressWithoutCardNumbers, CardNumbersKeptOutOfAddress } from './card-numbers-in-address';

describe('addressWithoutCardNumbers', () => {
  it('leaves an address without a card number alone', () => {
    expect(addressWithoutCardNumbers('/dashboard/transactions', '?reference=081520213294&page=2')).toBeNull();
    expect(
      addressWithoutCardNumbers('/dashboard/transactions/6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b', ''),
    ).toBeNull();
    expect(addressWithoutCardNumbers('/dashboard/transactions', '?card=411111******1111', '#top')).toBeNull();
  });

  it('masks a card number in the query, written whole or in groups, keeping the other values', () => {
    expect(
      addressWithoutCardNumbers('/dashboard/transactions', '?reference=4111111111111111&service=svc-1'),
    ).toBe('/dashboard/transactions?reference=411111******1111&service=svc-1');
    expect(addressWithoutCardNumbers('/dashboard/reviews', '?requester=4111%201111%201111%201111')).toBe(
      '/dashboard/reviews?requester=411111******1111',
    );
    expect(addressWithoutCardNumbers('/dashboard/admin/users', '?q=walk-4111111111111111')).toBe(
      '/dashboard/admin/users?q=walk-411111******1111',
    );
    // A sign-in page's remembered address.
    expect(
      addressWithoutCardNumbers('/login', `?from=${encodeURIComponent('/dashboard/x?q=4111111111111111')}`),
    ).toBe(`/login?from=${encodeURIComponent('/dashboard/x?q=411111******1111').replaceAll('%2A', '*')}`);
  });

  it('masks a card number in the path, escaped, whole or across segments, and in the fragment', () => {
    expect(addressWithoutCardNumbers('/dashboard/transactions/4111111111111111', '')).toBe(
      '/dashboard/transactions/411111******1111',
    );
    expect(addressWithoutCardNumbers('/dashboard/vouchers/4111%201111%201111%201111', '?x=1')).toBe(
      '/dashboard/vouchers/411111******1111?x=1',
    );
    expect(addressWithoutCardNumbers('/dashboard/x/4111/1111/1111/1111', '')).toBe(
      '/dashboard/x/411111******1111',
    );
    expect(addressWithoutCardNumbers('/dashboard/transactions', '?page=2', '#4111111111111111')).toBe(
      '/dashboard/transactions?page=2#411111******1111',
    );
  });
});

describe('CardNumbersKeptOutOfAddress', () => {
  it('renders no page with a card number in its address: it replaces it masked first', async () => {
    const seen: string[] = [];
    function Page() {
      const location = useLocation();
      const address = `${location.pathname}${location.search}`;
      seen.push(address);
      return <p>{`${address} ${JSON.stringify(location.state)}`}</p>;
    }
    const routes: RouteObject[] = [
      { element: <CardNumbersKeptOutOfAddress />, children: [{ path: '*', element: <Page /> }] },
    ];
    const { router } = renderRoutes(routes, {
      path: '/dashboard/transactions?reference=4111111111111111&service=svc-1',
      state: { from: '/dashboard/home' },
    });
    expect(
      await screen.findByText(
        '/dashboard/transactions?reference=411111******1111&service=svc-1 {"from":"/dashboard/home"}',
      ),
    ).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(seen.some((address) => address.includes('4111111111111111'))).toBe(false);
  });
});
