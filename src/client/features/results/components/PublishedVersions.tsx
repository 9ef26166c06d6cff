import '@mantine/core/styles/Code.css';
import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import { formatInstant } from '#shared/date-range.ts';
import type { PublishedVersion } from '#shared/results.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { publicVotesCsvUrl } from '../api/get-results.ts';

/**
 * docs/RULES.md rule 23: the results as stored at the end and each later correction beside them,
 * dated, with its reason and its votes.csv's hash; every version stays downloadable.
 */
export function PublishedVersions({
  challengeId,
  versions,
  timeZone,
}: {
  challengeId: number;
  versions: PublishedVersion[];
  timeZone: string;
}) {
  const intl = useMessages();
  if (versions.length < 2) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {intl.formatMessage({ id: 'resultVersions.title', defaultMessage: 'Corrections' })}
      </Title>
      <Text size="sm">
        {intl.formatMessage({
          id: 'resultVersions.text',
          defaultMessage:
            'A refund or dispute after the end is published as a new version beside the original, which never changes. The ranking above is the latest version.',
        })}
      </Text>
      <List
        size="sm"
        aria-label={intl.formatMessage({
          id: 'resultVersions.label',
          defaultMessage: 'Published versions',
        })}
        spacing="xs"
      >
        {versions.map((version) => (
          <List.Item key={version.version}>
            <Text size="sm" span fw={700}>
              {intl.formatMessage(
                {
                  id: 'resultVersions.version',
                  defaultMessage:
                    '{correction, select, 0 {Original} other {Correction {correction}}}',
                },
                { correction: version.version - 1 },
              )}
            </Text>{' '}
            ({formatInstant(version.publishedAt, timeZone, { locale: intl.locale })}
            {version.reason ? `: ${version.reason}` : ''}).{' '}
            <Anchor
              href={`${publicVotesCsvUrl(challengeId)}?version=${version.version}`}
              download
              size="sm"
            >
              {intl.formatMessage(
                { id: 'resultVersions.download', defaultMessage: 'votes.csv version {version}' },
                { version: version.version },
              )}
            </Anchor>
            {intl.formatMessage({ id: 'resultVersions.sha256', defaultMessage: ', SHA-256' })}{' '}
            <Code style={{ wordBreak: 'break-all' }}>{version.votesCsvSha256}</Code>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
