import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { OWN_CHANGES_REVIEW_MESSAGE } from '@web-control/contract/approvals';
import { reviewDecisionSchema } from '@web-control/contract/reviews';
import { useNavigate } from 'react-router';
import { formatNumericSeconds } from '../format/dates';
import { commentModal } from '../modals/comment-modal-definition';
import { openModal } from '../modals/modal-store';
import { usePreloadModalsWhenIdle } from '../modals/preload';
import { useAccount } from '../session/session-state';
import { PageTitle } from '../ui/page-title';
import { useReturnPath } from './return-path';
import { QueryState } from '../ui/query-state';

export const REQUEST_REVIEW_TEXTS = {
  failed: 'Could not fetch this review. Contact support if this persists.',
  decided: (status: string) => `This request is ${status.toLowerCase()}.`,
  approve: 'Approve',
  reject: 'Reject',
  back: 'Back',
  comment: 'Comment',
} as const;

export type ReviewDecision = 'approve' | 'reject';

/** The toast after a decision. */
export const REVIEW_DECIDED = {
  approve: 'Change approved and made.',
  reject: 'Change rejected.',
} as const;

/** What every area's request shows on its review screen. */
export interface ReviewedRequest {
  summary: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  requestedBy: string;
  requestedAt: string;
  /** Whoever may not review it: the requester and anyone whose change it holds. */
  authors: string[];
}

const MODALS = [commentModal];

/**
 * One request of the approvals engine sent for review by FOUR_EYES: what it asks, who asked and
 * when; another user approves or rejects it with a comment, then returns where they came from.
 */
export function RequestReviewPage<R extends ReviewedRequest>(props: {
  title: string;
  review: UseQueryResult<R>;
  decide: (decision: ReviewDecision, comment: string) => Promise<unknown>;
  /** Holds the area's permission to make (and so to check) such a change. */
  mayDecide: boolean;
  fallbackPath: string;
  /** The request's own details under its summary. */
  children?: (review: R) => ReactNode;
}) {
  const { title, review, decide, mayDecide, fallbackPath, children } = props;
  const navigate = useNavigate();
  const returnPath = useReturnPath(fallbackPath);
  const { username } = useAccount();
  usePreloadModalsWhenIdle(MODALS, mayDecide);

  async function open(decision: ReviewDecision, summary: string) {
    const decided = await openModal(commentModal, {
      title: REQUEST_REVIEW_TEXTS[decision],
      text: summary,
      label: REQUEST_REVIEW_TEXTS.comment,
      confirmLabel: REQUEST_REVIEW_TEXTS[decision],
      confirmColor: decision === 'reject' ? 'red' : 'green',
      schema: reviewDecisionSchema.shape.comment,
      apply: (comment) => decide(decision, comment),
    });
    if (decided) void navigate(returnPath);
  }

  return (
    <Stack>
      <PageTitle title={title} />
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <Button variant="default" onClick={() => void navigate(returnPath)}>
          {REQUEST_REVIEW_TEXTS.back}
        </Button>
      </Group>
      <QueryState query={review} loadingLabel="Loading review" errorText={REQUEST_REVIEW_TEXTS.failed}>
        {(data) => {
          const own = username !== null && data.authors.includes(username);
          return (
            <Paper withBorder p="md">
              <Stack>
                <Text fw={700}>{data.summary}</Text>
                {children?.(data)}
                <Text>
                  Requested by {data.requestedBy} on {formatNumericSeconds(data.requestedAt)}
                </Text>
                {data.status !== 'PENDING' ? (
                  <Alert>{REQUEST_REVIEW_TEXTS.decided(data.status)}</Alert>
                ) : own ? (
                  <Alert>{OWN_CHANGES_REVIEW_MESSAGE}</Alert>
                ) : mayDecide ? (
                  <Group>
                    {/* White on the theme's darkened green, as every Approve button (theme.ts). */}
                    <Button color="green" onClick={() => void open('approve', data.summary)}>
                      {REQUEST_REVIEW_TEXTS.approve}
                    </Button>
                    <Button color="red" onClick={() => void open('reject', data.summary)}>
                      {REQUEST_REVIEW_TEXTS.reject}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          );
        }}
      </QueryState>
    </Stack>
  );
}
