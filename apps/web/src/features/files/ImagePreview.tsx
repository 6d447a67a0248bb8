import { Image } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './files-i18n';

/** An image drawn from a blob URL, released when the preview closes or the image changes. */
export function ImagePreview({ blob, name }: { blob: Blob; name: string }) {
  const { t } = useTranslation('files');
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (!image) return;
    const url = URL.createObjectURL(blob);
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <Image ref={ref} alt={t('preview.imageAlt', { name })} fit="contain" mah={640} radius="sm" />;
}
