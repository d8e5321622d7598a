import { Table } from '@mantine/core';
import type { ReviewChange } from '@web-control/contract/reviews';
import { useParams } from 'react-router';
import { RequestReviewPage } from '../../../shared/reviews/request-review-page';
import { useCan } from '../../../shared/session/permissions';
import { useAdminReview, useDecideAdminReview } from '../api/reviews';
import { USERS_PATH } from '../paths';

export const ADMIN_REVIEW_TEXTS = {
  title: 'User Management review',
  changes: 'Requested changes',
  none: '-',
} as const;

function ChangesTable({ changes }: { changes: ReviewChange[] }) {
  return (
    <Table withTableBorder aria-label={ADMIN_REVIEW_TEXTS.changes}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Now</Table.Th>
          <Table.Th>Requested</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Th scope="row">{change.field}</Table.Th>
            <Table.Td>{change.from ?? ADMIN_REVIEW_TEXTS.none}</Table.Td>
            <Table.Td>{change.to ?? ADMIN_REVIEW_TEXTS.none}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A user or role change sent for review (FOUR_EYES=admin): another administrator approves or rejects it. */
export function AdminReviewPage() {
  const requestId = useParams().requestId ?? '';
  const review = useAdminReview(requestId);
  const decide = useDecideAdminReview();
  return (
    <RequestReviewPage
      title={ADMIN_REVIEW_TEXTS.title}
      review={review}
      decide={(decision, comment) => decide.mutateAsync({ requestId, decision, comment })}
      mayDecide={useCan()('MANAGE_USERS')}
      fallbackPath={USERS_PATH}
    >
      {(data) => <ChangesTable changes={data.changes} />}
    </RequestReviewPage>
  );
}
