import { Mark, Paper, Text } from '@mantine/core';
import { Fragment } from 'react';
import { type FilledPiece, splitTemplate } from './template-text';

const PAPER_STYLE = { whiteSpace: 'pre-wrap', lineHeight: 1.9, maxHeight: 640, overflowY: 'auto' } as const;

/** The template text with its markers highlighted: variables yellow, optional-clause bounds blue. */
export function MarkedTemplate({ text, label }: { text: string; label: string }) {
  return (
    <Paper withBorder p="lg" radius="md" role="document" aria-label={label} style={PAPER_STYLE}>
      <Text size="sm" component="div">
        {splitTemplate(text).map((piece, i) => {
          if (piece.kind === 'text') return <Fragment key={i}>{piece.text}</Fragment>;
          const marker = piece.kind === 'variable' ? `{{${piece.key}}}` : piece.kind === 'open' ? `{{#${piece.key}}}` : `{{/${piece.key}}}`;
          return (
            <Mark key={i} color={piece.kind === 'variable' ? 'yellow' : 'blue'} data-marker={piece.key} ff="monospace">
              {marker}
            </Mark>
          );
        })}
      </Text>
    </Paper>
  );
}

/** The drafting preview: the values in place (highlighted) and labelled blanks for what is still empty. */
export function FilledTemplate({ pieces, label }: { pieces: FilledPiece[]; label: string }) {
  return (
    <Paper withBorder p="lg" radius="md" role="document" aria-label={label} style={PAPER_STYLE}>
      <Text size="sm" component="div">
        {pieces.map((piece, i) => {
          if (piece.kind === 'text') return <Fragment key={i}>{piece.text}</Fragment>;
          if (piece.kind === 'value') return <Mark key={i} color="green" data-variable={piece.key}>{piece.text}</Mark>;
          return <Mark key={i} color="gray" data-variable={piece.key}>{`[${piece.label}]`}</Mark>;
        })}
      </Text>
    </Paper>
  );
}
