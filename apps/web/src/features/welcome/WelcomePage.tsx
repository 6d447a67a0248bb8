import { Box, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useThemeFlags } from '../../app/theme/theme-context';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import {
  IconArrowDown,
  IconFileSearch,
  IconFolders,
  IconGavel,
  IconMessageChatbot,
  IconScale,
  IconSettings,
  IconShieldLock,
  IconSignature,
  IconTemplate,
} from '../../components/icons';
import classes from './WelcomePage.module.css';
import { WELCOME_SECTIONS, type WelcomeSectionId } from './welcome-sections';
import { useScrollToHash } from './use-scroll-to-hash';
import './welcome-i18n';

type IconComponent = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

const SECTION_ICONS: Record<WelcomeSectionId, IconComponent> = {
  aiReview: IconFileSearch,
  legalResearch: IconMessageChatbot,
  contracts: IconFolders,
  standardForms: IconTemplate,
  litigation: IconGavel,
  signing: IconSignature,
  administration: IconSettings,
  superAdmin: IconShieldLock,
};

const POINTS = ['first', 'second', 'third'] as const;

/** The product introduction at `/` (spec sections 1 and 2), Korean first. */
export function WelcomePage() {
  const { t } = useTranslation('welcome');
  const { hideTopNavigation } = useThemeFlags();
  useDocumentTitle(t('documentTitle'));
  useScrollToHash();

  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="welcome-title">
        <Container size="lg" py={{ base: 48, md: 96 }}>
          {hideTopNavigation ? (
            // Without the top bar the page itself offers the display settings.
            <Group justify="flex-end" gap="xs" mb="xl" role="group" aria-label={t('hero.preferences')}>
              <LanguageSwitch />
              <ColorSchemeToggle />
            </Group>
          ) : null}
          <Stack gap="lg" maw={760}>
            <Group gap="xs">
              <ThemeIcon variant="light" radius="xl" size="md" aria-hidden="true">
                <IconScale size={16} stroke={1.8} />
              </ThemeIcon>
              <Text c="primary" fw={600}>
                {t('hero.eyebrow')}
              </Text>
            </Group>
            <Title id="welcome-title" order={1} fz={{ base: 32, sm: 40, md: 52 }} lh={1.2} style={{ wordBreak: 'keep-all' }}>
              {t('hero.title')}
            </Title>
            <Text size="lg" c="dimmed" maw={640} style={{ wordBreak: 'keep-all' }}>
              {t('hero.description')}
            </Text>
            <Group>
              <Button
                component={Link}
                to={{ hash: `#${WELCOME_SECTIONS[0].anchor}` }}
                size="md"
                rightSection={<IconArrowDown size={18} aria-hidden="true" />}
              >
                {t('hero.explore')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container component="section" size="lg" py={{ base: 40, md: 64 }} aria-labelledby="welcome-sections-title">
        <Title id="welcome-sections-title" order={2} mb="xl">
          {t('sectionsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {WELCOME_SECTIONS.map(({ id, anchor }) => {
            const Icon = SECTION_ICONS[id];
            return (
              <Card
                key={id}
                id={anchor}
                component="article"
                className={classes.card}
                withBorder
                radius="md"
                padding="lg"
                tabIndex={-1}
                aria-labelledby={`${anchor}-title`}
              >
                <ThemeIcon variant="light" size={44} radius="md" mb="md" aria-hidden="true">
                  <Icon size={24} stroke={1.6} />
                </ThemeIcon>
                <Title id={`${anchor}-title`} order={3} size="h4" mb={6}>
                  {t(`sections.${id}.title`)}
                </Title>
                <Text c="dimmed" size="sm" mb="md" style={{ wordBreak: 'keep-all' }}>
                  {t(`sections.${id}.description`)}
                </Text>
                <List size="sm" spacing={4}>
                  {POINTS.map((point) => (
                    <List.Item key={point}>{t(`sections.${id}.points.${point}`)}</List.Item>
                  ))}
                </List>
              </Card>
            );
          })}
        </SimpleGrid>
      </Container>

      <Container component="section" size="lg" pb={{ base: 48, md: 96 }} aria-labelledby="welcome-audience-title">
        <Card radius="md" padding="xl" bg="var(--mantine-color-primary-light)">
          <Title id="welcome-audience-title" order={2} size="h3" mb="sm">
            {t('audience.title')}
          </Title>
          <Text style={{ wordBreak: 'keep-all' }}>{t('audience.description')}</Text>
        </Card>
      </Container>
    </>
  );
}
