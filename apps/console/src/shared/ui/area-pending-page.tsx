import { Title } from '@mantine/core';
import { PageTitle } from './page-title';

/** An area whose screens a later release brings: its title and nothing more. */
export function AreaPendingPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Title order={1}>{title}</Title>
    </>
  );
}
