import { Anchor, Text } from '@mantine/core';
import { linkParts } from '#shared/messages.ts';

/** An organizer's plain text as members get it: line breaks kept, links clickable, nothing else. */
export function LinkedText({ text }: { text: string }) {
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkParts(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.href}
          </Anchor>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
