import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { getDefaultPath, getSupportUrl } from '../shared/runtime-config';
import { PageTitle } from '../shared/ui/page-title';

export const NOT_FOUND_TEXT =
  "We unfortunately couldn't find the page you're looking for. Please contact support if this is unexpected.";
const CONTACT_SUPPORT = 'contact support';

export const BACK_TO_START = 'Back to the start page';

const [before, after] = NOT_FOUND_TEXT.split(CONTACT_SUPPORT);

export function NotFoundPage() {
  return (
    <Center component="main" mih="60vh" p="md">
      <PageTitle title="Not Found" />
      <Stack align="center" maw={520}>
        <Title order={1}>Page Not Found</Title>
        <Text ta="center">
          {before}
          {/* Underlined: within the sentence, colour alone does not tell it apart in dark mode. */}
          <Anchor href={getSupportUrl()} target="_blank" rel="noopener noreferrer" inherit underline="always">
            {CONTACT_SUPPORT}
          </Anchor>
          {after}
        </Text>
        <Anchor component={Link} to={getDefaultPath()}>
          {BACK_TO_START}
        </Anchor>
      </Stack>
    </Center>
  );
}
