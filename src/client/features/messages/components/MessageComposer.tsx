import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Paper.css';
import {
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  AUDIENCE_LABELS,
  AUDIENCES,
  messageInputSchema,
  type AudienceCounts,
  type MessageInput,
} from '#shared/messages.ts';
import { countOf } from '#shared/plural.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useSendMessage } from '../api/messages.ts';
import { LinkedText } from './LinkedText.tsx';

/**
 * Compose, choose the audience (each shows how many it reaches now), preview as members will
 * read it, send. Plain text only: links are made clickable, nothing else.
 */
export function MessageComposer({
  challengeId,
  challengeTitle,
  counts,
}: {
  challengeId: number;
  challengeTitle: string;
  counts: AudienceCounts | undefined;
}) {
  const send = useSendMessage(challengeId);
  const [previewing, setPreviewing] = useState(false);
  const form = useForm<MessageInput>({
    initialValues: { subject: '', text: '', audience: 'all' },
    validate: zodResolver(messageInputSchema),
    validateInputOnBlur: true,
  });
  const reach = counts?.[form.values.audience];

  return (
    <form
      noValidate
      aria-label="New message"
      onSubmit={form.onSubmit((values) => {
        send.mutate(values, {
          onSuccess: () => {
            form.reset();
            setPreviewing(false);
          },
        });
      })}
    >
      <Stack gap="md" maw={640}>
        <TextInput
          label="Subject"
          required
          withAsterisk={false}
          maxLength={150}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Message"
          description="Plain text. Links starting with https:// become clickable."
          required
          withAsterisk={false}
          autosize
          minRows={5}
          maxRows={16}
          {...form.getInputProps('text')}
        />
        <Radio.Group
          label="Send to"
          description="Holders of an active pass who have not unsubscribed"
          {...form.getInputProps('audience')}
        >
          <Stack gap="xs" mt="xs">
            {AUDIENCES.map((audience) => (
              <Radio
                key={audience}
                value={audience}
                label={
                  counts
                    ? `${AUDIENCE_LABELS[audience]} (${countOf(counts[audience], 'member')})`
                    : AUDIENCE_LABELS[audience]
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <Text role="status" aria-live="polite">
          {reach === undefined
            ? 'Counting members…'
            : `This message reaches ${countOf(reach, 'member')}.`}
        </Text>
        {previewing && (
          <Paper withBorder p="md" component="section" aria-labelledby="message-preview-heading">
            <Stack gap="xs">
              <Title order={3} size="h5" id="message-preview-heading">
                Preview
              </Title>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {form.values.subject.trim() || '(no subject)'}
              </Text>
              <LinkedText text={form.values.text.trim() || '(no message)'} />
              <Text size="sm" c="dimmed">
                You get this as a holder of the {challengeTitle} Battle Pass. Receipts and account
                emails keep coming if you unsubscribe.
              </Text>
              <Text size="sm" c="dimmed">
                Unsubscribe from the organizer&apos;s emails: (each member&apos;s own one-click
                link)
              </Text>
            </Stack>
          </Paper>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={() => setPreviewing((shown) => !shown)}>
            {previewing ? 'Hide Preview' : 'Preview'}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={reach === 0}>
            Send Message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
