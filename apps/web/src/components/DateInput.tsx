import { ActionIcon, Group, Popover, SimpleGrid, Text, TextInput, type TextInputProps, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../lib/i18n';
import { IconCalendar, IconChevronLeft, IconChevronRight } from './icons';

/**
 * A calendar day as `YYYY-MM-DD`, the same value a native `<input type="date">` gives, but shown
 * the same way in every browser (a native one shows mm/dd/yyyy in a Korean page when the browser
 * speaks English). Type the digits (the dashes come by themselves) or pick the day in a month
 * calendar in the interface language. An empty field is `''`.
 */
export interface DateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> {
  value: string;
  onChange: (value: string) => void;
  /** `YYYY-MM-DD` bounds, inclusive: the calendar offers only the days within them. */
  min?: string;
  max?: string;
  /**
   * The form checks the bounds itself and names the problem ("must be after today"): a real day
   * typed outside them is passed on, as a native date input passes it, instead of being held back
   * with the field's own message (and dropped when the field is left).
   */
  isRangeCheckedByForm?: boolean;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date of a `YYYY-MM-DD` that names a real day, else null. */
function parseDay(value: string): Date | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : null;
}

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** Today in the browser's time zone, as `YYYY-MM-DD`. */
function localToday(): string {
  const now = new Date();
  return isoOf(new Date(now.getTime() - now.getTimezoneOffset() * 60_000));
}

/** Digits typed or pasted, with the dashes put in: "20261127" -> "2026-11-27". */
export function shapeDayText(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
}

function inRange(day: string, min?: string, max?: string) {
  return (!min || day >= min) && (!max || day <= max);
}

export function DateInput({ value, onChange, min, max, isRangeCheckedByForm = false, error, onBlur, ...rest }: DateInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [isOpen, setOpen] = useState(false);
  if (shown !== value) {
    // Changed from outside (a reset, the address): the field shows it.
    setShown(value);
    setDraft(value);
  }
  const isDraftInvalid = draft !== '' && draft !== value;
  const commit = (text: string) => {
    setDraft(text);
    if (text === '') onChange('');
    else if (parseDay(text) && (isRangeCheckedByForm || inRange(text, min, max))) onChange(text);
  };
  return (
    <TextInput
      {...rest}
      value={draft}
      placeholder={rest.placeholder ?? t('dateInput.placeholder')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      onChange={(event) => commit(shapeDayText(event.currentTarget.value))}
      onBlur={(event) => {
        // Left half-typed, out of bounds, or emptied where the screen keeps a day (a report's
        // range): back to the value the screen uses.
        if (draft !== value) setDraft(value);
        onBlur?.(event);
      }}
      error={error ?? (isDraftInvalid && draft.length === 10 ? t('dateInput.invalid') : undefined)}
      rightSection={
        <Popover opened={isOpen} onChange={setOpen} position="bottom-end" shadow="md" withinPortal trapFocus returnFocus>
          <Popover.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('dateInput.openCalendar')} aria-expanded={isOpen} onClick={() => setOpen((o) => !o)} disabled={rest.disabled}>
              <IconCalendar size={16} aria-hidden="true" />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <MonthCalendar
              selected={parseDay(value) ? value : null}
              min={min}
              max={max}
              onPick={(day) => {
                commit(day);
                setOpen(false);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}

/** One month's days in weeks (Sunday first, as Korean calendars), the month named in the interface language. */
function MonthCalendar({ selected, min, max, onPick }: { selected: string | null; min?: string; max?: string; onPick: (day: string) => void }) {
  const { t } = useTranslation();
  const { locale } = useLocaleFormat();
  const tag = locale === 'ko' ? 'ko-KR' : 'en-US';
  const [today] = useState(localToday);
  const start = parseDay(selected ?? today)!;
  const [month, setMonth] = useState(() => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1)));
  const shift = (by: number) => setMonth(new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + by, 1)));
  const first = new Date(month);
  first.setUTCDate(1 - month.getUTCDay());
  const days = Array.from({ length: 42 }, (_, i) => new Date(first.getTime() + i * 86_400_000));
  const title = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(month);
  const weekday = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone: 'UTC' });
  return (
    <div role="group" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" aria-label={t('dateInput.previousMonth')} onClick={() => shift(-1)}>
          <IconChevronLeft size={16} aria-hidden="true" />
        </ActionIcon>
        <Text size="sm" fw={600} aria-live="polite">
          {title}
        </Text>
        <ActionIcon variant="subtle" color="gray" aria-label={t('dateInput.nextMonth')} onClick={() => shift(1)}>
          <IconChevronRight size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={7} spacing={2} verticalSpacing={2}>
        {days.slice(0, 7).map((d) => (
          <Text key={`w${d.getUTCDay()}`} size="xs" c="dimmed" ta="center" aria-hidden="true">
            {weekday.format(d)}
          </Text>
        ))}
        {days.map((d) => {
          const iso = isoOf(d);
          const isOutside = d.getUTCMonth() !== month.getUTCMonth();
          const isSelected = iso === selected;
          return (
            <UnstyledButton
              key={iso}
              onClick={() => onPick(iso)}
              disabled={!inRange(iso, min, max)}
              aria-label={full.format(d)}
              aria-pressed={isSelected}
              aria-current={iso === today ? 'date' : undefined}
              style={{
                width: 32, height: 32, textAlign: 'center', borderRadius: 'var(--mantine-radius-sm)', fontSize: 'var(--mantine-font-size-sm)',
                opacity: inRange(iso, min, max) ? (isOutside ? 0.45 : 1) : 0.25,
                background: isSelected ? 'var(--mantine-primary-color-filled)' : undefined,
                color: isSelected ? 'var(--mantine-primary-color-contrast)' : undefined,
                outline: iso === today && !isSelected ? '1px solid var(--mantine-color-default-border)' : undefined,
              }}
            >
              {d.getUTCDate()}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
