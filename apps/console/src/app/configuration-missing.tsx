import { Alert, Container } from '@mantine/core';

export const CONFIGURATION_MISSING =
  'The configuration for this console cannot be found. Please contact support.';

export function ConfigurationMissingBanner() {
  return (
    <Container component="main" size="sm" py="xl">
      <Alert color="red" title="Configuration missing" role="alert">
        {CONFIGURATION_MISSING}
      </Alert>
    </Container>
  );
}
