import { Button, Code, Group } from '@mantine/core';
import type { Mapping } from '@web-control/contract/config-maps';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import { mappingDisplayOf } from '../mappings/mapping-display';

export function FullValueContent({ params, answer }: ModalContentProps<{ mapping: Mapping }, undefined>) {
  return (
    <>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {mappingDisplayOf(params.mapping).value}
      </Code>
      <Group justify="flex-end" mt="lg">
        <Button onClick={() => answer(undefined)} data-autofocus>
          OK
        </Button>
      </Group>
    </>
  );
}
