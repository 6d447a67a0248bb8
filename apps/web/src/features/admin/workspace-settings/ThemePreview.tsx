import { PALETTE_SHADES, type Theme } from '@legal/api';
import { Anchor, Badge, Box, Button, Card, ColorSwatch, Group, NavLink, Paper, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLogo } from '../../../app/theme/brand-logo';
import { fontStack } from '../../../app/theme/build-mantine-theme';
import { completePalette, previewCssVariables } from './theme-preview-vars';
import './workspace-settings-i18n';

/**
 * A sample navigation bar, card and buttons drawn with the theme being edited (palette, fonts,
 * logo), before it is saved. Only this box is restyled: its CSS variables override the app's.
 */
export function ThemePreview({ theme }: { theme: Theme }) {
  const { t } = useTranslation('workspaceSettings');
  const scheme = useComputedColorScheme('light');
  const style = useMemo(
    () => ({ ...previewCssVariables(theme, scheme), fontFamily: fontStack(theme.font) }) as CSSProperties,
    [theme, scheme],
  );
  const palette = completePalette(theme.palette);
  const logo = pickLogo(theme, scheme);

  return (
    <Box component="section" aria-label={t('theme.preview.label')} data-testid="theme-preview" style={style}>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)', background: 'var(--mantine-color-primary-light)' }}>
          <Group gap="xs">
            {logo ? <img src={logo} alt={t('theme.preview.logoAlt')} style={{ height: 24, maxWidth: 120, objectFit: 'contain' }} /> : null}
            <Text fw={700} c="var(--mantine-color-primary-light-color)">
              {theme.name}
            </Text>
          </Group>
          <Badge variant="filled">{t('theme.preview.badge')}</Badge>
        </Group>
        <Group align="flex-start" gap={0} wrap="nowrap">
          <Stack gap={2} p="xs" w={150} component="nav" aria-label={t('theme.preview.navigation')}>
            <NavLink component="button" type="button" label={t('theme.preview.navHome')} active />
            <NavLink component="button" type="button" label={t('theme.preview.navContracts')} />
            <NavLink component="button" type="button" label={t('theme.preview.navReviews')} />
          </Stack>
          <Box p="md" style={{ flex: 1, minWidth: 0 }}>
            <Card withBorder radius="md" padding="md">
              <Stack gap="xs">
                <Title order={4} style={{ fontFamily: fontStack(theme.titleFont ?? theme.font) }}>
                  {t('theme.preview.cardTitle')}
                </Title>
                <Text size="sm">{t('theme.preview.cardText')}</Text>
                <Anchor size="sm" component="span">
                  {t('theme.preview.link')}
                </Anchor>
                <Group gap="xs" mt="xs">
                  <Button size="xs">{t('theme.preview.primary')}</Button>
                  <Button size="xs" variant="light">
                    {t('theme.preview.secondary')}
                  </Button>
                  <Button size="xs" variant="outline">
                    {t('theme.preview.outline')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          </Box>
        </Group>
        <Group gap={4} px="md" pb="md" aria-label={t('theme.preview.palette')} role="list">
          {PALETTE_SHADES.map((shade) => (
            <ColorSwatch key={shade} color={palette[`primary-${shade}`]} size={20} role="listitem" aria-label={`primary-${shade} ${palette[`primary-${shade}`]}`} />
          ))}
        </Group>
      </Paper>
    </Box>
  );
}
