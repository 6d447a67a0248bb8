import { CONTRACT_STATUSES, ContractSearchV4BodySchema } from '@legal/api';
import { Badge, Button, Chip, Collapse, Fieldset, Group, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { IconSearch } from '../../components/icons';
import { AmountInputs } from './ContractCompoundFields';
import { plainAmount } from './contract-format';
import { type FormErrors, errorAt, schemaErrors, useErrorText } from './contract-form-errors';
import { IconFilter } from './contract-icons';
import {
  type ContractFilters, countFilters, DATE_RANGES, type DateRangeField, emptyFilters, searchFilterBody, writeContractFilters,
} from './contract-search-params';
import { useContractTypeOptions } from './contract-type-options';
import { useVocabulary } from './contract-vocabulary';
import { HashtagInput } from './HashtagInput';
import { type Person, PeopleMultiPicker } from './PeoplePicker';
import './contracts-i18n';

export interface ContractFilterBarProps {
  filters: ContractFilters;
  onChange: (next: ContractFilters) => void;
}

interface Draft {
  filters: ContractFilters;
  /** The owners with the names the picker found (the address only keeps their ids). */
  owners: Person[];
}

const draftOf = (filters: ContractFilters): Draft => ({ filters, owners: filters.ownerIds.map((userId) => ({ userId, displayName: null })) });

/**
 * The repository's search: a keyword (Korean substrings match) and the filters, applied together
 * with "search" after a check with the shared search schema (so a reversed range or an amount
 * without digits is explained here, not by a failed request). Order and view are not here.
 */
export function ContractFilterBar({ filters, onChange }: ContractFilterBarProps) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const address = writeContractFilters(filters).toString();
  const [shown, setShown] = useState(address);
  const [errors, setErrors] = useState<FormErrors>({});
  const [isOpen, setIsOpen] = useState(() => countFilters(filters) > 0);
  // The address changed (search, back button, reset, a saved search): show its filters. A
  // re-render with the same address keeps what is being typed.
  if (shown !== address) {
    setShown(address);
    setDraft((current) => ({ filters, owners: filters.ownerIds.map((id) => current.owners.find((o) => o.userId === id) ?? { userId: id, displayName: null }) }));
  }

  const f = draft.filters;
  const contractTypes = useContractTypeOptions(f.contractTypes);
  const change = (patch: Partial<ContractFilters>) => setDraft((d) => ({ ...d, filters: { ...d.filters, ...patch } }));
  const changeDate = (range: DateRangeField, side: 'start' | 'end', value: string) =>
    change({ dates: { ...f.dates, [range]: { ...f.dates[range], [side]: value || undefined } } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: ContractFilters = {
      ...f,
      keyword: f.keyword?.trim() || undefined,
      amountMin: plainAmount(f.amountMin ?? '') ?? undefined,
      amountMax: plainAmount(f.amountMax ?? '') ?? undefined,
      currency: f.currency?.trim().toUpperCase() || undefined,
      ownerIds: draft.owners.map((o) => o.userId),
    };
    const found = schemaErrors(ContractSearchV4BodySchema.safeParse(searchFilterBody(next)));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setIsOpen(true);
      return;
    }
    onChange(next);
  };

  const reset = () => {
    setErrors({});
    onChange({ ...emptyFilters(), sort: filters.sort, view: filters.view });
  };
  const count = countFilters(filters);

  return (
    <form onSubmit={submit} role="search" aria-label={t('filters.label')} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('filters.keyword')}
            placeholder={t('filters.keywordPlaceholder')}
            value={f.keyword ?? ''}
            onChange={(e) => change({ keyword: e.currentTarget.value })}
            maxLength={200}
            w={{ base: '100%', sm: 320 }}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            error={errorText(errors.keyword, 200)}
          />
          <Button type="submit">{t('filters.search')}</Button>
          <Button
            variant="default"
            leftSection={<IconFilter size={16} aria-hidden="true" />}
            rightSection={count > 0 ? <Badge size="xs" circle>{count}</Badge> : null}
            aria-expanded={isOpen}
            aria-controls="contract-filters"
            onClick={() => setIsOpen((open) => !open)}
          >
            {t('filters.more')}
          </Button>
          {count > 0 || filters.keyword ? (
            <Button variant="subtle" onClick={reset}>
              {t('filters.clear')}
            </Button>
          ) : null}
        </Group>
        <Collapse expanded={isOpen} id="contract-filters">
          <Stack gap="md" pt="xs">
            <MultiSelect
              label={t('filters.contractTypes')}
              data={contractTypes}
              value={f.contractTypes}
              onChange={(values) => change({ contractTypes: values as ContractFilters['contractTypes'] })}
              searchable
              clearable
            />
            <Stack gap={6}>
              <Text size="sm" fw={500} id="contract-status-filter">
                {t('filters.statuses')}
              </Text>
              <Chip.Group multiple value={f.statuses} onChange={(values) => change({ statuses: values as ContractFilters['statuses'] })}>
                <Group gap={6} role="group" aria-labelledby="contract-status-filter">
                  {CONTRACT_STATUSES.map((status) => (
                    <Chip key={status} value={status} size="sm">
                      {vocabulary.label('status', status)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {DATE_RANGES.map((range) => (
                <Fieldset key={range} legend={t(`filters.dates.${range}`)} variant="unstyled">
                  <Group grow gap="xs" align="flex-start">
                    <DateInput
                      label={t('filters.from')}
                      aria-label={t('filters.rangeStart', { field: t(`filters.dates.${range}`) })}
                      value={f.dates[range].start ?? ''}
                      onChange={(day) => changeDate(range, 'start', day)}
                    />
                    <DateInput
                      label={t('filters.to')}
                      aria-label={t('filters.rangeEnd', { field: t(`filters.dates.${range}`) })}
                      value={f.dates[range].end ?? ''}
                      onChange={(day) => changeDate(range, 'end', day)}
                      error={errorText(errorAt(errors, range))}
                    />
                  </Group>
                </Fieldset>
              ))}
            </SimpleGrid>
            <Fieldset legend={t('filters.amount')} variant="unstyled">
              <Group grow gap="xs" align="flex-start">
                <TextInput
                  label={t('filters.amountMin')}
                  inputMode="decimal"
                  value={f.amountMin ?? ''}
                  onChange={(e) => change({ amountMin: e.currentTarget.value })}
                  error={errorText(errors.amountMin)}
                />
                <AmountInputs
                  value={{ amount: f.amountMax ?? '', currency: f.currency ?? '' }}
                  onChange={(v) => change({ amountMax: v.amount, currency: v.currency })}
                  amountError={errorText(errors.amountMax)}
                  currencyError={errorText(errors.currency)}
                  amountLabel={t('filters.amountMax')}
                />
              </Group>
            </Fieldset>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PeopleMultiPicker label={t('filters.owners')} value={draft.owners} onChange={(owners) => setDraft((d) => ({ ...d, owners }))} />
              <HashtagInput label={t('filters.hashtags')} description={t('filters.hashtagsHint')} value={f.hashtags} onChange={(hashtags) => change({ hashtags })} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit">{t('filters.apply')}</Button>
            </Group>
          </Stack>
        </Collapse>
      </Stack>
    </form>
  );
}
