import { Button, Text } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { dispatchAccount, resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, routeFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { useReviewCount } from '../../reviews/api/get-review-count';
import { useReviewAction } from './review-action';

/** The menu's badge beside an approval's Approve button, as on the approval detail. */
function BadgeAndApprove() {
  const count = useReviewCount(true).data;
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
