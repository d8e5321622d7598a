import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { FINANCE_PAGE_LIMIT_MAX } from '@web-control/contract/finance';
import { reviewBodySchema } from '@web-control/contract/finance-actions';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ModalContentProps } from '../../../shared/modals/modal-definition';
import { LoadingState } from '../../../shared/ui/query-state';
import { useProcesses } from '../api/get-processes';
import { useUploadCandidates } from '../api/get-upload-candidates';
import type { UploadFileInput } from '../api/upload-file';
import { COMMENT_PLACEHOLDER, FINANCE_MESSAGES } from '../messages';
import { UPLOAD_TITLE, type UploadModalParams } from './upload-modal-definition';
import { useModalLeaveGuard } from '../../../shared/forms/use-leave-guard';

export const CHOOSE_FILE = 'Choose File';
export const SELECT_PROCESSES = 'Select the processes to load this file into';
const NAMES_PAGE = { offset: 0, limit: FINANCE_PAGE_LIMIT_MAX };

const uploadFormSchema = z.object({
  processIds: z.array(z.string()).min(1, 'Please select at least one process.'),
  comment: reviewBodySchema.shape.comment,
});
type UploadField = z.input<typeof uploadFormSchema>;
type UploadValues = z.output<typeof uploadFormSchema>;

interface UploadFormProps {
  file: File;
  candidates: number[];
  onSubmit: (input: UploadFileInput) => void;
  submitting: boolean;
  dismiss: () => void;
}

function UploadForm({ file, candidates, onSubmit, submitting, dismiss }: UploadFormProps) {
  // The candidates carry ids only; the names come from the processes list.
  const names = useProcesses(NAMES_PAGE);
  const nameOf = (id: number) =>
    names.data?.processes.find((process) => process.id === id)?.displayName ?? `Process ${id}`;
  const form = useForm<UploadField, unknown, UploadValues>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: { processIds: candidates.length === 1 ? candidates.map(String) : [], comment: '' },
  });
  useModalLeaveGuard(form.formState.isDirty, submitting);
  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          onSubmit({ file, processIds: values.processIds.map(Number), comment: values.comment }),
        )(event)
      }
    >
      <Stack>
        <Controller
          control={form.control}
          name="processIds"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label={SELECT_PROCESSES}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {candidates.map((id) => (
                  <Checkbox key={id} value={String(id)} label={nameOf(id)} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Textarea
          label="Comment"
          placeholder={COMMENT_PLACEHOLDER}
          required
          minRows={2}
          error={form.formState.errors.comment?.message}
          disabled={submitting}
          {...form.register('comment')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {UPLOAD_TITLE}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Candidates({
  file,
  params,
  submit,
  submitting,
  dismiss,
}: { file: File } & Pick<UploadContentProps, 'params' | 'submit' | 'submitting' | 'dismiss'>) {
  const candidates = useUploadCandidates(file.name);
  if (candidates.isPending) return <LoadingState label="Looking up processes" />;
  if (candidates.isError) return <Alert color="red">{FINANCE_MESSAGES.uploadLookupFailed}</Alert>;
  if (candidates.data.length === 0) return <Alert color="orange">{FINANCE_MESSAGES.uploadNoMatch}</Alert>;
  return (
    <UploadForm
      key={file.name}
      file={file}
      candidates={candidates.data}
      onSubmit={(input) => {
        if (!submitting) submit(() => params.upload(input).then(() => true as const));
      }}
      submitting={submitting}
      dismiss={dismiss}
    />
  );
}

type UploadContentProps = ModalContentProps<UploadModalParams, true>;

export function UploadModalContent({ params, submit, submitting, dismiss }: UploadContentProps) {
  const [file, setFile] = useState<File | null>(null);
  const unreadable = file !== null && file.name.trim() === '';
  const readable = file !== null && !unreadable ? file : null;
  return (
    <Stack>
      <Group>
        <FileButton onChange={setFile} accept=".csv,.txt,text/csv,text/plain">
          {(props) => (
            <Button variant="default" {...props}>
              {CHOOSE_FILE}
            </Button>
          )}
        </FileButton>
        {readable ? <Text size="sm">{readable.name}</Text> : null}
      </Group>
      {unreadable ? <Alert color="red">{FINANCE_MESSAGES.fileNameUnreadable}</Alert> : null}
      {readable ? (
        <Candidates file={readable} {...{ params, submit, submitting, dismiss }} />
      ) : (
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}
