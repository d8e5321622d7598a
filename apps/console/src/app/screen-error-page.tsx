import { Anchor, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { getDefaultPath } from '../shared/runtime-config';
import { PageTitle } from '../shared/ui/page-title';
import { BACK_TO_START } from './not-found-page';

export const SCREEN_ERROR_TEXTS = {
  title: 'Something went wrong',
  heading: 'This page could not be shown',
  text: 'Something went wrong while loading or showing this page. Reload to try again; if it keeps happening, please contact support.',
  reload: 'Reload',
  back: 'Back to the previous page',
} as const;

/**
 * The route error element: a screen that throws while rendering, or whose chunk fails to load
 * (typically a deployment replaced it, or the network dropped), gives way to this page.
 */
export function ScreenErrorPage({ standalone = false }: { standalone?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  // 'default' is the key of the page the console was opened on: there is nothing to go back to.
  const canGoBack = location.key !== 'default';
  const content = (
    <Stack align="center" maw={560} mx="auto" py="xl">
      <PageTitle title={SCREEN_ERROR_TEXTS.title} />
      <Title order={1}>{SCREEN_ERROR_TEXTS.heading}</Title>
      <Text ta="center">{SCREEN_ERROR_TEXTS.text}</Text>
      <Group>
        <Button onClick={() => window.location.reload()}>{SCREEN_ERROR_TEXTS.reload}</Button>
        {canGoBack ? (
          <Button variant="default" onClick={() => void navigate(-1)}>
            {SCREEN_ERROR_TEXTS.back}
          </Button>
        ) : null}
      </Group>
      <Anchor component={Link} to={getDefaultPath()}>
        {BACK_TO_START}
      </Anchor>
    </Stack>
  );
  return standalone ? (
    <Center component="main" mih="60vh" p="md">
      {content}
    </Center>
  ) : (
    content
  );
}
