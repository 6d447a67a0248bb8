import { Button, Group, Stack, Text } from '@mantine/core';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconUpload } from './contract-icons';
import './contracts-i18n';

export interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  /** Several files at once (create) or one (a document of an existing contract). */
  isMultiple?: boolean;
  disabled?: boolean;
}

/** Drop files here or pick them with the button; the hidden input is labelled for assistive tech and tests. */
export function FileDropZone({ onFiles, isMultiple = true, disabled }: FileDropZoneProps) {
  const { t } = useTranslation('contracts');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [isDragging, setIsDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    <Stack
      align="center"
      gap="xs"
      p="lg"
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      data-dragging={isDragging || undefined}
      style={{
        border: `2px dashed var(--mantine-color-${isDragging ? 'primary-filled' : 'default-border'})`,
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <IconUpload size={28} stroke={1.5} aria-hidden="true" />
      <Group gap="xs" justify="center">
        <Text size="sm">{t('upload.drop')}</Text>
        <Button size="xs" variant="light" onClick={() => inputRef.current?.click()} disabled={disabled}>
          {t('upload.choose')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('upload.hint')}
      </Text>
      <label htmlFor={inputId} style={{ display: 'none' }}>
        {t('upload.input')}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        multiple={isMultiple}
        hidden
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          onFiles(isMultiple ? files : files.slice(0, 1));
        }}
      />
    </Stack>
  );
}
