import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  identityLinkInputSchema,
  type IdentityLinkInput,
  type UserIdentity,
} from '@web-control/contract/sso';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '../../../shared/format/dates';
import { errorMessageOf } from '../../../shared/http/error-message';
import { openModal } from '../../../shared/modals/modal-store';
import { confirmModal } from '../../../shared/modals/standard-modals';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { QueryState } from '../../../shared/ui/query-state';
import { useLinkIdentity, useUnlinkIdentity, useUserIdentities } from '../api/identities';
import { IDENTITY_TEXTS, LINK_METHOD_LABELS } from '../identity-texts';

const TITLE_ID = 'user-identities-title';

function LinkIdentityForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const link = useLinkIdentity();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<IdentityLinkInput>({
    resolver: zodResolver(identityLinkInputSchema),
    mode: 'onTouched',
    defaultValues: { issuer: '', subject: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await link.mutateAsync({ userId, link: values });
      onDone();
    } catch {
      // The mutation keeps the failure; the form shows it.
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={IDENTITY_TEXTS.link}>
      <Stack gap="sm">
        <TextInput
          label={IDENTITY_TEXTS.issuer}
          description={IDENTITY_TEXTS.issuerHint}
          error={errors.issuer?.message}
          {...register('issuer')}
        />
        <TextInput
          label={IDENTITY_TEXTS.subject}
          description={IDENTITY_TEXTS.subjectHint}
          error={errors.subject?.message}
          {...register('subject')}
        />
        {link.isError ? (
          <Alert color="red" role="alert">
            {errorMessageOf(link.error, IDENTITY_TEXTS.linkFailed)}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {IDENTITY_TEXTS.save}
          </Button>
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {IDENTITY_TEXTS.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The identity provider accounts that sign in as the user, with links an administrator sets. */
export function UserIdentities({ userId }: { userId: string }) {
  const identities = useUserIdentities(userId);
  const unlink = useUnlinkIdentity();
  const [linking, setLinking] = useState(false);

  const confirmUnlink = async ({ issuer, subject }: UserIdentity) => {
    const confirmed = await openModal(confirmModal, {
      title: IDENTITY_TEXTS.unlinkTitle,
      text: IDENTITY_TEXTS.unlinkText(subject),
      confirmLabel: IDENTITY_TEXTS.unlink,
    });
    if (confirmed) unlink.mutate({ userId, link: { issuer, subject } });
  };

  const columns: DataTableColumn<UserIdentity>[] = [
    { id: 'subject', header: IDENTITY_TEXTS.subject, rowHeader: true, cell: (row) => row.subject },
    { id: 'issuer', header: IDENTITY_TEXTS.issuer, cell: (row) => row.issuer },
    { id: 'linkedBy', header: IDENTITY_TEXTS.howLinked, cell: (row) => LINK_METHOD_LABELS[row.linkedBy] },
    {
      id: 'lastSignIn',
      header: IDENTITY_TEXTS.lastSignIn,
      cell: (row) => (row.lastSignInAt === null ? IDENTITY_TEXTS.never : formatDateTime(row.lastSignInAt)),
    },
    {
      id: 'actions',
      header: IDENTITY_TEXTS.unlink,
      headerHidden: true,
      cell: (row) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          aria-label={`${IDENTITY_TEXTS.unlink} ${row.subject}`}
          onClick={() => void confirmUnlink(row)}
        >
          {IDENTITY_TEXTS.unlink}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} id={TITLE_ID}>
          {IDENTITY_TEXTS.title}
        </Title>
        {linking ? null : (
          <Button variant="light" onClick={() => setLinking(true)}>
            {IDENTITY_TEXTS.link}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {IDENTITY_TEXTS.intro}
      </Text>
      {linking ? <LinkIdentityForm userId={userId} onDone={() => setLinking(false)} /> : null}
      <QueryState
        query={identities}
        errorText={IDENTITY_TEXTS.loadFailed}
        retryLabel={IDENTITY_TEXTS.retry}
        emptyText={IDENTITY_TEXTS.empty}
      >
        {(rows) => (
          <DataTable
            columns={columns}
            rows={rows}
            rowId={(row) => String(row.identityId)}
            labelledBy={TITLE_ID}
            minWidth={640}
          />
        )}
      </QueryState>
    </Stack>
  );
}
