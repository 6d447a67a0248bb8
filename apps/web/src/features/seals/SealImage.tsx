import { type Seal } from '@legal/api';
import { Center, Image, Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSealImage } from './seal-queries';
import './seals-i18n';

/** The seal's impression on a checkered ground (its transparency shows), from the authenticated image download. */
export function SealImage({ seal, size = 96 }: { seal: Pick<Seal, 'sealId' | 'imageFileKey' | 'name'>; size?: number }) {
  const { t } = useTranslation('seals');
  const image = useSealImage(seal);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const next = URL.createObjectURL(image.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [image.data]);
  const ground = {
    width: size, height: size, borderRadius: 'var(--mantine-radius-sm)', flex: 'none',
    background: 'repeating-conic-gradient(var(--mantine-color-gray-1) 0 25%, var(--mantine-color-body) 0 50%) 50% / 16px 16px',
    border: '1px solid var(--mantine-color-default-border)',
  } as const;
  if (image.isPending) return <Skeleton w={size} h={size} radius="sm" />;
  if (image.isError || !url) {
    return (
      <Center style={ground}>
        <Text size="xs" c="dimmed" ta="center" px={4}>
          {t('registry.imageMissing')}
        </Text>
      </Center>
    );
  }
  return (
    <Center style={ground}>
      <Image src={url} alt={t('registry.imageAlt', { name: seal.name })} w={size - 8} h={size - 8} fit="contain" />
    </Center>
  );
}
