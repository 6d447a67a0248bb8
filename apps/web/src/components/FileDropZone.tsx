import { Button, Group, Stack, Text } from '@mantine/core';
import { type DragEvent, useId, useRef, useState } from 'react';
import { IconUpload } from './icons';

export interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  /** Several files at once, or one. */
  isMultiple?: boolean;
  disabled?: boolean;
  /** The file chooser's filter (the input's `accept`: extensions and types); the server checks the content anyway. */
  accept?: string;
  /** The feature's words: the drop line, the button, the hint under it, the hidden input's label. */
  texts: { drop: string; choose: string; hint: string; input: string };
}

/**
 * Drop files here or pick them with the button. The hidden input is labelled (`texts.input`) for
 * assistive technology and for tests, which set files on it.
 */
export function FileDropZone({ onFiles, isMultiple = true, disabled, accept, texts }: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [isDragging, setIsDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!disabled) onFiles(isMultiple ? [...event.dataTransfer.files] : [...event.dataTransfer.files].slice(0, 1));
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
        <Text size="sm">{texts.drop}</Text>
        <Button size="xs" variant="light" onClick={() => inputRef.current?.click()} disabled={disabled}>
          {texts.choose}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {texts.hint}
      </Text>
      <label htmlFor={inputId} style={{ display: 'none' }}>
        {texts.input}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        multiple={isMultiple}
        accept={accept}
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
