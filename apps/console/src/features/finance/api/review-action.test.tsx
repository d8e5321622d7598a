import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEWS_QUERY_KEY } from '../../../shared/reviews/review-queries';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { dispatchAccount, resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, routeFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { useReviewAction } from './review-action';

/** A count under the reviews' key (as the menu's badge is) beside an approval's Approve button. */
function BadgeAndApprove() {
  const count = useQuery({
    queryKey: [...REVIEWS_QUERY_KEY, 'count'],
    queryFn: async () => ((await (await fetch('/api/reviews/count')).json()) as { count: number }).count,
  }).data;
  const review = useReviewAction();
  return (
    <>
      <Text>{`Reviews ${count ?? '…'}`}</Text>
      <Button onClick={() => review.mutate({ actionId: 'a-1', decision: 'approve', comment: 'Checked' })}>
        Approve
      </Button>
    </>
  );
}

describe('a finance review', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    dispatchAccount({
      type: 'authenticated',
      accessToken: 'token',
      refreshToken: 'refresh',
      username: 'approver',
      permissions: ['VIEW_ACTIONS', 'APPROVE_ACTIONS'],
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('refreshes the reviews badge at once, not at its next 30 s refresh', async () => {
    let waiting = 3;
    const { fetchMock } = routeFetch({
      'GET /api/reviews/count': () => jsonResponse(200, { count: waiting }),
      'POST /api/recon/actions/a-1/approve': () => {
        waiting -= 1;
        return jsonResponse(204, null);
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <BadgeAndApprove /> }], { path: '/' });
    expect(await screen.findByText('Reviews 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Reviews 2')).toBeInTheDocument();
  });
});
