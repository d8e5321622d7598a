import { Button, Group } from '@mantine/core';
import { MAPPINGS_TEXTS } from '../constants';
import type { MappingPages } from './use-mapping-pages';

/** Previous/next paging through the platform's page URLs, and back to the first page. */
export function PageButtons({ pages }: { pages: Pick<MappingPages, 'first' | 'previous' | 'next'> }) {
  const { first, previous, next } = pages;
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" size="xs" disabled={first === null} onClick={() => first?.()}>
        {MAPPINGS_TEXTS.first}
      </Button>
      <Button variant="default" size="xs" disabled={previous === null} onClick={() => previous?.()}>
        {MAPPINGS_TEXTS.previous}
      </Button>
      <Button variant="default" size="xs" disabled={next === null} onClick={() => next?.()}>
        {MAPPINGS_TEXTS.next}
      </Button>
    </Group>
  );
}
