import {
  Alert,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageTitle } from '../../../shared/ui/page-title';

export const LIST_LOAD_FAILED =
  'Something went wrong while loading this list. Please try again or contact support.';

interface MasterDetailProps<T> {
  title: string;
  createLabel: string;
  createPath: string;
  items: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  emptyText: string;
  itemKey: (item: T) => string;
  itemLabel: (item: T) => string;
  itemPath: (item: T) => string;
  listLabel: string;
}

/** The admin tabs' layout: a list on the left, the selected item (or a form) on the right. */
export function MasterDetail<T>(props: MasterDetailProps<T>) {
  const location = useLocation();
  let list: ReactNode;
  if (props.isPending) {
    list = (
      <Center p="md">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  } else if (props.isError || !props.items) {
    list = (
      <Alert color="red" role="alert">
        {LIST_LOAD_FAILED}
      </Alert>
    );
  } else if (props.items.length === 0) {
    list = <Text c="dimmed">{props.emptyText}</Text>;
  } else {
    list = (
      <nav aria-label={props.listLabel}>
        {props.items.map((item) => {
          const path = props.itemPath(item);
          return (
            <NavLink
              key={props.itemKey(item)}
              component={Link}
              to={path}
              label={props.itemLabel(item)}
              active={location.pathname === path || location.pathname.startsWith(`${path}/`)}
            />
          );
        })}
      </nav>
    );
  }

  return (
    <Stack>
      <PageTitle title={props.title} />
      <Group justify="space-between">
        <Title order={1}>{props.title}</Title>
        <Button component={Link} to={props.createPath} variant="light">
          {props.createLabel}
        </Button>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="xs">
            <ScrollArea.Autosize mah="65vh">{list}</ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function SelectNote({ text }: { text: string }) {
  return (
    <Alert color="blue" role="status">
      {text}
    </Alert>
  );
}
