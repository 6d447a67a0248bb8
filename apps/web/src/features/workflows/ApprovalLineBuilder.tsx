import { type Approval } from '@legal/api';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bodyFieldErrors } from '../../lib/forms/form-errors';
import { type PickedUser, UserPicker } from './UserPicker';
import './workflows-i18n';

/** An approval line as the builder holds it: lines in order, each with its approvers (who decide in parallel). */
export type PickedLines = PickedUser[][];

/** The most lines a line may have (ApprovalLinesSchema) and approvers shown per line. */
export const MAX_LINES = 10;
const MAX_PER_LINE = 20;

/** The lines that name someone (an empty line is left out before sending). */
export const filledLines = (lines: PickedLines): PickedLines => lines.filter((line) => line.length > 0);

/** The body's user ids per line. */
export const lineIds = (lines: PickedLines): number[][] => filledLines(lines).map((line) => line.map((u) => u.userId));

/** A saved line (a draft, or the approvers of a line) back into the builder: grouped by line order. */
export function linesFromApproval(approval: Pick<Approval, 'approvers'> | null | undefined): PickedLines {
  if (!approval || approval.approvers.length === 0) return [[]];
  const orders = [...new Set(approval.approvers.map((a) => a.lineOrder))].sort((a, b) => a - b);
  return orders.map((order) => approval.approvers.filter((a) => a.lineOrder === order).map((a) => ({ userId: a.userId, displayName: a.displayName })));
}

export interface LineErrors {
  general?: string;
  lines: Record<number, string>;
}

/** Checks before sending (the server's own): somebody named when required, each approver once. */
export function checkLines(lines: PickedLines, isRequired: boolean, words: { required: string; twice: (name: string) => string }): LineErrors {
  const errors: LineErrors = { lines: {} };
  const filled = filledLines(lines);
  if (isRequired && filled.length === 0) errors.general = words.required;
  const seen = new Set<number>();
  filled.forEach((line, i) => {
    for (const user of line) {
      if (seen.has(user.userId)) errors.lines[i] = words.twice(user.displayName ?? String(user.userId));
      seen.add(user.userId);
    }
  });
  return errors;
}

/**
 * A 400 about the lines sent (`<base>.<line>.userIds.<i>`: that user of that line) shown next to
 * the user it names: "name: reason" under the line; a reason about the lines as a whole goes above.
 * `sent` are the lines as sent (empty ones left out), so the indexes match.
 */
export function lineErrorsFrom(error: unknown, base: string, sent: PickedLines): LineErrors {
  const errors: LineErrors = { lines: {} };
  for (const { path, reason } of bodyFieldErrors(error) ?? []) {
    const parts = path.split('.');
    if (parts[0] !== base) continue;
    const line = Number(parts[1]);
    const user = parts[2] === 'userIds' ? sent[line]?.[Number(parts[3])] : undefined;
    if (Number.isInteger(line) && sent[line]) {
      const text = user ? `${user.displayName ?? user.userId}: ${reason}` : reason;
      errors.lines[line] = errors.lines[line] ? `${errors.lines[line]} ${text}` : text;
    } else {
      errors.general = errors.general ? `${errors.general} ${reason}` : reason;
    }
  }
  return errors;
}

export const hasLineErrors = (errors: LineErrors) => Boolean(errors.general) || Object.keys(errors.lines).length > 0;

/**
 * The approval line builder: lines in order (1st, 2nd...), each with one or more approvers
 * (holders of approval.approval.approve) who decide in parallel; a line completes when all of
 * them approve, then the next line's turn comes.
 */
export function ApprovalLineBuilder({ lines, onChange, errors }: { lines: PickedLines; onChange: (next: PickedLines) => void; errors?: LineErrors }) {
  const { t } = useTranslation('workflows');
  const setLine = (index: number, next: PickedUser[]) => onChange(lines.map((line, i) => (i === index ? next : line)));
  return (
    <Stack gap="xs" role="group" aria-label={t('line.title')}>
      <div>
        <Text size="sm" fw={500}>
          {t('line.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('line.hint')}
        </Text>
      </div>
      {errors?.general ? (
        <Text size="sm" c="red" role="alert">
          {errors.general}
        </Text>
      ) : null}
      {lines.map((line, index) => (
        <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
          <Box style={{ flex: 1 }}>
            <UserPicker
              label={t('line.order', { order: index + 1 })}
              permission="approval.approval.approve"
              value={line}
              onChange={(next) => setLine(index, next)}
              error={errors?.lines[index]}
              maxValues={MAX_PER_LINE}
            />
          </Box>
          <Button variant="subtle" color="gray" size="xs" mt={24} disabled={lines.length === 1} onClick={() => onChange(lines.filter((_, i) => i !== index))} aria-label={t('line.remove', { order: index + 1 })}>
            {t('line.removeShort')}
          </Button>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" disabled={lines.length >= MAX_LINES} onClick={() => onChange([...lines, []])}>
          {t('line.add')}
        </Button>
      </Group>
    </Stack>
  );
}
