import { Anchor, Image, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../paths';
import { useBrandLogo } from '../theme/theme-context';

/** The workspace logo for the colour scheme in force, or the product wordmark. */
export function BrandMark() {
  const { t } = useTranslation();
  const logo = useBrandLogo();
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const showLogo = logo !== null && logo !== failedLogo;

  return (
    <Anchor component={Link} to={PATHS.home} underline="never" c="inherit" aria-label={t('brand.home')} style={{ flexShrink: 0 }}>
      {showLogo ? (
        <Image src={logo} alt={t('brand.name')} h={28} w="auto" fit="contain" onError={() => setFailedLogo(logo)} />
      ) : (
        <Text component="span" ff="heading" fw={700} fz="lg" c="primary" data-testid="wordmark">
          {t('brand.name')}
        </Text>
      )}
    </Anchor>
  );
}
