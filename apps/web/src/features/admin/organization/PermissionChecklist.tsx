import type { PermissionCatalogue } from '@legal/api';
import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUiLocale } from './use-ui-locale';
import './organization-i18n';

export interface PermissionChecklistProps {
  catalogue: PermissionCatalogue;
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  error?: string;
}

/** The permissions of one role as checkboxes grouped by area (the create and edit dialogs). */
export function PermissionChecklist({ catalogue, value, onChange, disabled, error }: PermissionChecklistProps) {
  const { t } = useTranslation('organization');
  const locale = useUiLocale();
  return (
    <Checkbox.Group label={t('roleForm.permissions')} value={value} onChange={onChange} error={error}>
      <Stack gap="xs" mt="xs">
        {catalogue.areas.map((area) => (
          <Fieldset key={area.area} legend={area.label[locale]} p="xs" disabled={disabled}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6}>
              {area.permissions.map((permission) => (
                <Checkbox
                  key={permission.name}
                  value={permission.name}
                  label={permission.description[locale]}
                  description={<Text span size="xs" ff="monospace">{permission.name}</Text>}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
