import { ScrollArea, Text } from '@mantine/core';

/**
 * The text of a term revision: plain text (React escapes it), line breaks kept, scrolled in a
 * box of its own so that long terms do not push the checkboxes away.
 */
export function TermText({ body, label, maxHeight = 240 }: { body: string; label: string; maxHeight?: number }) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars aria-label={label} role="region" tabIndex={0}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {body}
      </Text>
    </ScrollArea.Autosize>
  );
}
