import { Alert, Button, Grid, Group, NavLink, Paper, ScrollArea, Stack, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryState, type QueryLike } from '../../../shared/ui/query-state';

export const LIST_LOAD_FAILED =
  'Something went wrong while loading this list. Please try again or contact support.';

interface MasterDetailProps<T> {
  title: string;
  createLabel: string;
  createPath: string;
  query: QueryLike<T[]>;
  emptyText: string;
  itemKey: (item: T) => string;
  itemLabel: (item: T) => string;
  itemPath: (item: T) => string;
  listLabel: string;
}

/** The admin tabs' layout: a list on the left, the selected item (or a form) on the right. */
export function MasterDetail<T>(props: MasterDetailProps<T>) {
  const location = useLocation();
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
            <ScrollArea.Autosize mah="65vh">
              <QueryState query={props.query} errorText={LIST_LOAD_FAILED} emptyText={props.emptyText}>
                {(items) => (
                  <nav aria-label={props.listLabel}>
                    {items.map((item) => {
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
                )}
              </QueryState>
            </ScrollArea.Autosize>
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
