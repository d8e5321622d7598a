import { Anchor, Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../shared/ui/page-title';

/** The frame of the public password pages: title, heading, content and the way back to login. */
export function PasswordCard({
  title,
  heading,
  children,
}: {
  title: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Center component="main" mih="70vh">
      <PageTitle title={title} />
      <Paper withBorder shadow="sm" p="xl" w={400} radius="md">
        <Stack>
          <Title order={1}>{heading}</Title>
          {children}
          <Anchor component={Link} to="/login" size="sm">
            Take me back to login
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
