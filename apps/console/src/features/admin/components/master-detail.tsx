import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  NavLink,
  Paper,
  Stack,
  TextInput,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, type RefObject } from 'react';
import { Link, Outlet, useLocation, useResolvedPath } from 'react-router';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { PageTitle } from '../../../shared/ui/page-title';
import { EmptyState, QueryState, type QueryLike } from '../../../shared/ui/query-state';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { useListUrlState } from '../../../shared/url/use-list-url-state';
import { cardNumberRefusal, textParam } from '../../../shared/url/url-params';
import { useKeepFind } from './keep-find';

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
  /** The Find box's label: it keeps the names containing it, whatever their case. */
  findLabel: string;
  /** The list's CSV export (of the Find box's names). */
  exportList: string;
}

const FIND_PARAMS = { q: textParam() };
/** Typing reaches the URL (one history entry) this long after the last key. */
const FIND_DEBOUNCE_MS = 300;

export function nameFound(name: string, q: string): boolean {
  return name.toLowerCase().includes(q.trim().toLowerCase());
}

/**
 * Below `md` the detail stacks under the list, off the screen: choosing an item or Create scrolls
 * it into view, or the tap seemed to do nothing. The first address is left as it opened.
 */
function useDetailInViewOnPhone(pathname: string, listPath: string): RefObject<HTMLDivElement | null> {
  const detail = useRef<HTMLDivElement>(null);
  const stacked = useMediaQuery(`(max-width: ${useMantineTheme().breakpoints.md})`);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (stacked && pathname !== listPath) detail.current?.scrollIntoView({ block: 'start' });
  }, [pathname, listPath, stacked]);
  return detail;
}

/** The admin tabs' layout: a list on the left, the selected item (or a form) on the right. */
export function MasterDetail<T>(props: MasterDetailProps<T>) {
  const location = useLocation();
  const keepFind = useKeepFind();
  const detail = useDetailInViewOnPhone(location.pathname, useResolvedPath('.').pathname);
  // The list is not paged: its one page size never reaches the URL.
  const { filters, settled, change } = useListUrlState({
    params: FIND_PARAMS,
    defaults: () => ({ q: '' }),
    size: 1,
    debounceMs: FIND_DEBOUNCE_MS,
  });
  const trimmed = settled.q.trim();
  const refusal = cardNumberRefusal(filters.q);
  return (
    <Stack>
      <PageTitle title={props.title} />
      <Group justify="space-between">
        <Title order={1}>{props.title}</Title>
        <Group gap="xs">
          <CopyLinkButton />
          <ExportCsvButton
            list={props.exportList}
            filter={trimmed === '' ? {} : { q: trimmed }}
            // A card number is never searched, so never exported for either.
            disabled={refusal !== null}
          />
          <Button component={Link} to={keepFind(props.createPath)} variant="light">
            {props.createLabel}
          </Button>
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="xs">
            <TextInput
              label={props.findLabel}
              mb="xs"
              value={filters.q}
              error={refusal}
              onChange={(event) => change({ q: event.currentTarget.value })}
            />
            {/* The browser's own scrolling: Mantine's ScrollArea sets state from a ref as it mounts,
                and so re-rendered the whole list unsliced (decision 0045). */}
            <Box mah="65vh" style={{ overflowY: 'auto' }}>
              <QueryState
                query={props.query}
                errorText={LIST_LOAD_FAILED}
                emptyText={props.emptyText}
                // A failed refresh keeps the names listed beneath its alert.
                keepDataOnError
              >
                {(items) => {
                  const found = items.filter((item) => nameFound(props.itemLabel(item), filters.q));
                  // A Find that keeps nothing says so, or the empty list reads as one that did not load.
                  if (found.length === 0 && refusal === null) {
                    return (
                      <EmptyState text={`No ${props.listLabel.toLowerCase()} match "${filters.q.trim()}".`} />
                    );
                  }
                  return (
                    <nav aria-label={props.listLabel}>
                      {found.map((item) => {
                        const path = props.itemPath(item);
                        return (
                          <NavLink
                            key={props.itemKey(item)}
                            component={Link}
                            to={keepFind(path)}
                            label={props.itemLabel(item)}
                            active={location.pathname === path || location.pathname.startsWith(`${path}/`)}
                          />
                        );
                      })}
                    </nav>
                  );
                }}
              </QueryState>
            </Box>
          </Paper>
        </Grid.Col>
        <Grid.Col
          span={{ base: 12, md: 8 }}
          ref={detail}
          // Scrolled to below the fixed header, not under it.
          style={{
            scrollMarginTop: 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-sm))',
          }}
        >
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
