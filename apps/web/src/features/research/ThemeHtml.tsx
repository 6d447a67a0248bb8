import { Box, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeHtml } from '../files/sanitize-html';

/**
 * A workspace's custom HTML from its theme (welcome, sidebar footer). The server's allow-list
 * cleaned it before it was stored (as the theme editor shows it); it is cleaned once more here
 * because a theme saved before that allow-list existed would otherwise run as it was written.
 */
export function ThemeHtml({ html, label }: { html: string; label: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box role="region" aria-label={label}>
      <Typography fz="sm">
        <div dangerouslySetInnerHTML={{ __html: clean }} />
      </Typography>
    </Box>
  );
}
