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
import { defineMessages } from 'react-intl';
import {
  AUDIENCES,
  messageInputSchema,
  type AudienceCounts,
  type MessageInput,
} from '#shared/messages.ts';
import { ContentLanguageTabs } from '#client/components/ContentLanguageTabs.tsx';
import { useMessages } from '#client/i18n/language.tsx';
import { ownLanguageName } from '#client/i18n/language-names.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useSendMessage, useSendTestMessage } from '../api/messages.ts';
import { audienceWords } from './audience-words.ts';
import { LinkedText } from './LinkedText.tsx';

const words = defineMessages({
  subject: { id: 'messages.subject', defaultMessage: 'Subject' },
  message: { id: 'messages.message', defaultMessage: 'Message' },
});

/**
 * Compose, choose the audience (each shows how many it reaches now), preview as members will
 * read it, send a test to oneself, and send after confirming how many members it reaches.
 * Plain text only: links are made clickable, nothing else. With several languages on, one tab per
 * language (docs/decisions/0050-content-languages.md): the battle's main language's text is
 * required and goes to everyone whose language has none of its own; a text written in another
 * tab goes to the members who read that language.
 */
export function MessageComposer({
  challengeId,
  challengeTitle,
  contentLanguage,
  counts,
}: {
  challengeId: number;
  challengeTitle: string;
  /** The battle's main language. */
  contentLanguage: string;
  counts: AudienceCounts | undefined;
}) {
  const intl = useMessages();
  const send = useSendMessage(challengeId);
  const sendTest = useSendTestMessage(challengeId);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<MessageInput & { translations: NonNullable<MessageInput['translations']> }>({
    initialValues: { subject: '', text: '', audience: 'all', translations: {} },
    validate: zodResolver(messageInputSchema),
    validateInputOnBlur: true,
  });
  const reach = counts?.[form.values.audience];
  const members = (count: number) =>
    intl.formatMessage(
      {
        id: 'messages.members',
        defaultMessage: '{count, plural, one {# member} other {# members}}',
      },
      { count },
    );
  const subjectLabel = intl.formatMessage(words.subject);
  const messageLabel = intl.formatMessage(words.message);
  // Another language's fields name it: the hidden tab's fields never share the main one's label.
  const labelIn = (field: string, language: string) =>
    language === contentLanguage
      ? field
      : intl.formatMessage(
          { id: 'messages.fieldInLanguage', defaultMessage: '{field} ({language})' },
          { field, language: ownLanguageName(language) },
        );

  return (
    <form
      noValidate
      aria-label={intl.formatMessage({ id: 'messages.formLabel', defaultMessage: 'New message' })}
      // Sending asks first: a message to hundreds cannot be taken back.
      onSubmit={form.onSubmit(() => setConfirming(true))}
    >
      <Stack gap="md" maw={640}>
        <ContentLanguageTabs contentLanguage={contentLanguage}>
          {(language) => {
            const field = (name: 'subject' | 'text') =>
              language === contentLanguage
                ? form.getInputProps(name)
                : {
                    value: form.values.translations[language]?.[name] ?? '',
                    onChange: (event: { currentTarget: { value: string } }) => {
                      const value = event.currentTarget.value;
                      // The language's texts as one object: its first text creates it.
                      form.setFieldValue('translations', (current) => ({
                        ...current,
                        [language]: {
                          subject: current[language]?.subject,
                          text: current[language]?.text,
                          [name]: value,
                        },
                      }));
                    },
                    error: form.errors[`translations.${language}.${name}`],
                  };
            const main = language === contentLanguage;
            return (
              <>
                <TextInput
                  label={labelIn(subjectLabel, language)}
                  lang={language}
                  required={main}
                  withAsterisk={false}
                  maxLength={150}
                  {...field('subject')}
                />
                <Textarea
                  label={labelIn(messageLabel, language)}
                  lang={language}
                  description={intl.formatMessage({
                    id: 'messages.plainText',
                    defaultMessage: 'Plain text. Links starting with https:// become clickable.',
                  })}
                  required={main}
                  withAsterisk={false}
                  autosize
                  minRows={5}
                  maxRows={16}
                  {...field('text')}
                />
              </>
            );
          }}
        </ContentLanguageTabs>
        <Radio.Group
          label={intl.formatMessage({ id: 'messages.sendTo', defaultMessage: 'Send to' })}
          description={intl.formatMessage({
            id: 'messages.sendToHint',
            defaultMessage: 'Holders of an active pass who have not unsubscribed',
          })}
          {...form.getInputProps('audience')}
        >
          <Stack gap="xs" mt="xs">
            {AUDIENCES.map((audience) => (
              <Radio
                key={audience}
                value={audience}
                label={
                  counts
                    ? intl.formatMessage(
                        { id: 'messages.audienceCount', defaultMessage: '{audience} ({members})' },
                        {
                          audience: intl.formatMessage(audienceWords[audience]),
                          members: members(counts[audience]),
                        },
                      )
                    : intl.formatMessage(audienceWords[audience])
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <Text role="status" aria-live="polite">
          {reach === undefined
            ? intl.formatMessage({ id: 'messages.counting', defaultMessage: 'Counting members…' })
            : intl.formatMessage(
                { id: 'messages.reaches', defaultMessage: 'This message reaches {members}.' },
                { members: members(reach) },
              )}
        </Text>
        {previewing && (
          <Paper withBorder p="md" component="section" aria-labelledby="message-preview-heading">
            <Stack gap="xs">
              <Title order={3} size="h5" id="message-preview-heading">
                {intl.formatMessage({ id: 'messages.preview', defaultMessage: 'Preview' })}
              </Title>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {form.values.subject.trim() ||
                  intl.formatMessage({ id: 'messages.noSubject', defaultMessage: '(no subject)' })}
              </Text>
              <LinkedText
                text={
                  form.values.text.trim() ||
                  intl.formatMessage({ id: 'messages.noMessage', defaultMessage: '(no message)' })
                }
              />
              <Text size="sm" c="dimmed">
                {intl.formatMessage(
                  {
                    id: 'mail.organizerMessage.why',
                    defaultMessage:
                      'You get this as a holder of the {title} Battle Pass. Receipts and account emails keep coming if you unsubscribe.',
                  },
                  { title: challengeTitle },
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {intl.formatMessage({
                  id: 'messages.previewUnsubscribe',
                  defaultMessage:
                    "Unsubscribe from the organizer's emails: (each member's own one-click link)",
                })}
              </Text>
            </Stack>
          </Paper>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={() => setPreviewing((shown) => !shown)}>
            {previewing
              ? intl.formatMessage({ id: 'messages.hidePreview', defaultMessage: 'Hide Preview' })
              : intl.formatMessage({ id: 'messages.preview', defaultMessage: 'Preview' })}
          </Button>
          <Button
            variant="default"
            loading={sendTest.isPending}
            onClick={() => {
              const subject = form.validateField('subject');
              const text = form.validateField('text');
              if (subject.hasError || text.hasError) return;
              const { subject: main, text: body, translations } = form.getValues();
              sendTest.mutate({ subject: main, text: body, translations });
            }}
          >
            {intl.formatMessage({ id: 'messages.sendTest', defaultMessage: 'Send a test to me' })}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={!reach}>
            {intl.formatMessage({ id: 'messages.send', defaultMessage: 'Send Message' })}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming && reach !== undefined}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage(
          { id: 'messages.confirmTitle', defaultMessage: 'Send to {members}?' },
          { members: members(reach ?? 0) },
        )}
        centered
      >
        <Stack gap="xs">
          <Text style={{ overflowWrap: 'anywhere' }}>
            {intl.formatMessage(
              { id: 'messages.confirmSubject', defaultMessage: 'Subject: {subject}' },
              { subject: form.values.subject.trim() },
            )}
          </Text>
          <Text>
            {intl.formatMessage(
              { id: 'messages.confirmTo', defaultMessage: 'To: {audience}' },
              { audience: intl.formatMessage(audienceWords[form.values.audience]) },
            )}
          </Text>
          <Text>
            {intl.formatMessage({
              id: 'messages.confirmFinal',
              defaultMessage: 'A sent message cannot be taken back.',
            })}
          </Text>
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {intl.formatMessage({ id: 'messages.cancel', defaultMessage: 'Cancel' })}
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
            {intl.formatMessage({ id: 'messages.confirmSend', defaultMessage: 'Send' })}
          </Button>
        </Group>
      </Modal>
    </form>
  );
}
