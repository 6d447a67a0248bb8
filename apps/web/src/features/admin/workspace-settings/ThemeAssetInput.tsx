import { isThemeAssetUrl, THEME_ASSET_MAX_LENGTH } from '@legal/api';
import { Button, Group, Image, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './workspace-settings-i18n';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/x-icon,image/vnd.microsoft.icon';
/** The largest image (in KB, one decimal) whose base64 data URL fits the theme's limit. */
const MAX_IMAGE_KB = Math.floor(((THEME_ASSET_MAX_LENGTH * 3) / 4 / 1024) * 10) / 10;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

export interface ThemeAssetInputProps {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  error?: string;
}

/**
 * A logo or favicon: an https address, or a small image kept inside the theme as a data URL
 * (checked here as the server checks it: type, bytes and the theme's length limit).
 */
export function ThemeAssetInput({ label, value, onChange, error }: ThemeAssetInputProps) {
  const { t } = useTranslation('workspaceSettings');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const isData = value?.startsWith('data:') ?? false;
  const isUsable = value !== undefined && isThemeAssetUrl(value);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    const dataUrl = await readAsDataUrl(file).catch(() => null);
    if (!dataUrl || !isThemeAssetUrl(dataUrl)) setFileError(t('theme.assets.unsupported'));
    else if (dataUrl.length > THEME_ASSET_MAX_LENGTH) setFileError(t('theme.assets.tooLarge', { max: MAX_IMAGE_KB }));
    else onChange(dataUrl);
  };

  return (
    <Stack gap={6}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Paper withBorder radius="sm" w={56} h={56} style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          {isUsable ? <Image src={value} alt={t('theme.assets.previewAlt', { label })} fit="contain" w={48} h={48} /> : <Text size="xs" c="dimmed">{t('theme.assets.none')}</Text>}
        </Paper>
        <TextInput
          style={{ flex: 1 }}
          label={label}
          placeholder="https://"
          value={isData ? '' : (value ?? '')}
          description={isData ? t('theme.assets.uploaded', { length: value!.length }) : undefined}
          onChange={(event) => onChange(event.currentTarget.value.trim() || undefined)}
          error={error ?? fileError ?? undefined}
        />
      </Group>
      <Group gap="xs">
        <label htmlFor={inputId} style={{ display: 'none' }}>
          {t('theme.assets.fileInput', { label })}
        </label>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={(event) => {
            void pick(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <Button size="xs" variant="light" onClick={() => input.current?.click()}>
          {t('theme.assets.upload')}
        </Button>
        {value ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange(undefined)}>
            {t('theme.assets.remove')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
