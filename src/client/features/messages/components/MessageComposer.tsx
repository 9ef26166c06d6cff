import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import {
  Button,
  Group,
  Modal,
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
import { useSendMessage, useSendTestMessage } from '../api/messages.ts';
import { LinkedText } from './LinkedText.tsx';

/**
 * Compose, choose the audience (each shows how many it reaches now), preview as members will
 * read it, send a test to oneself, and send after confirming how many members it reaches.
 * Plain text only: links are made clickable, nothing else.
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
  const sendTest = useSendTestMessage(challengeId);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
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
      // Sending asks first: a message to hundreds cannot be taken back.
      onSubmit={form.onSubmit(() => setConfirming(true))}
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
          <Button
            variant="default"
            loading={sendTest.isPending}
            onClick={() => {
              const subject = form.validateField('subject');
              const text = form.validateField('text');
              if (subject.hasError || text.hasError) return;
              sendTest.mutate({ subject: form.values.subject, text: form.values.text });
            }}
          >
            Send a test to me
          </Button>
          <Button type="submit" loading={send.isPending} disabled={!reach}>
            Send Message
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming && reach !== undefined}
        onClose={() => setConfirming(false)}
        title={`Send to ${countOf(reach ?? 0, 'member')}?`}
        centered
      >
        <Stack gap="xs">
          <Text style={{ overflowWrap: 'anywhere' }}>Subject: {form.values.subject.trim()}</Text>
          <Text>To: {AUDIENCE_LABELS[form.values.audience]}</Text>
          <Text>A sent message cannot be taken back.</Text>
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              setConfirming(false);
              send.mutate(form.getValues(), {
                onSuccess: () => {
                  form.reset();
                  setPreviewing(false);
                },
              });
            }}
          >
            Send
          </Button>
        </Group>
      </Modal>
    </form>
  );
}
