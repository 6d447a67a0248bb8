import { PALETTE_SHADES, type Theme, ThemeBodySchema, type ThemeFlags, ThemeFlagsSchema, THEME_HTML_MAX_LENGTH, type WorkspaceTheme } from '@legal/api';
import { Box, Button, Card, ColorInput, Grid, Group, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput, Title, Typography } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { SectionCard } from '../../../components/SectionCard';
import { type BoundedErrorKey, conflictReason, type FormErrors, formErrorText, schemaErrorsByPath, serverErrors } from '../../../lib/forms/form-errors';
import { confirmAction } from '../confirm';
import { AdminPageHeader } from '../AdminPageHeader';
import { ThemeAssetInput } from './ThemeAssetInput';
import { ThemePreview } from './ThemePreview';
import { useThemeMutations, useWorkspaceThemeQuery } from './workspace-settings-queries';
import { StaleVersionAlert } from './StaleVersionAlert';
import '../admin-i18n';
import './workspace-settings-i18n';

const FLAGS = Object.keys(ThemeFlagsSchema.shape) as Array<keyof ThemeFlags>;

/** Server field paths are `theme.<path>`; the form's are `<path>`. */
const withoutThemePrefix = (errors: FormErrors<BoundedErrorKey>): FormErrors<BoundedErrorKey> =>
  Object.fromEntries(Object.entries(errors).map(([path, error]) => [path.replace(/^theme\./, ''), error]));

/** `/:workspaceName/admin/theme`: edit the theme with a live preview; save, or go back to the product theme. */
export function ThemeEditorPage() {
  const { t } = useTranslation('workspaceSettings');
  useDocumentTitle(t('theme.documentTitle'));
  const query = useWorkspaceThemeQuery();
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('theme.title')} description={t('theme.description')} />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ThemeEditor key={query.data.updatedAt} loaded={query.data} onReload={() => void query.refetch()} />
      )}
    </Stack>
  );
}

function ThemeEditor({ loaded, onReload }: { loaded: WorkspaceTheme; onReload: () => void }) {
  const { t } = useTranslation('workspaceSettings');
  const { t: ta } = useTranslation('admin');
  const { save, reset } = useThemeMutations();
  const [draft, setDraft] = useState<Theme>(loaded.theme);
  const [errors, setErrors] = useState<FormErrors<BoundedErrorKey>>({});
  const [isStale, setIsStale] = useState(false);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(loaded.theme);

  const edit = (path: string, next: Partial<Theme>) => {
    setDraft((previous) => ({ ...previous, ...next }));
    if (errors[path]) setErrors((previous) => ({ ...previous, [path]: undefined }));
  };
  const message = (path: string, options: Record<string, unknown> = {}) => formErrorText(errors[path], (key) => t(`errors.${key}`, options));
  const html = (value: string) => (value.trim() === '' ? undefined : value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ThemeBodySchema.safeParse(draft);
    const found = schemaErrorsByPath(checked);
    setErrors(found);
    if (!checked.success) return;
    save.mutate(
      { theme: checked.data, expectedUpdatedAt: loaded.updatedAt },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('theme.saved') }),
        onError: (error) => {
          if (conflictReason(error) === 'STALE') setIsStale(true);
          else setErrors(withoutThemePrefix(serverErrors(error, { byPath: true }) ?? {}));
        },
      },
    );
  };

  const resetToDefault = () =>
    confirmAction({
      title: t('theme.resetTitle'),
      message: t('theme.resetMessage'),
      confirmLabel: t('theme.reset'),
      cancelLabel: ta('actions.cancel'),
      isDestructive: true,
      onConfirm: () => reset.mutate(undefined, { onSuccess: () => notifications.show({ color: 'green', message: t('theme.resetDone') }) }),
    });

  const otherError = save.isError && !serverErrors(save.error, { byPath: true }) && !conflictReason(save.error) ? save.error : null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form onSubmit={submit} noValidate aria-label={t('theme.formLabel')}>
          <Stack gap="lg">
            {isStale ? <StaleVersionAlert onReload={onReload} /> : null}
            {otherError ? <ErrorState error={otherError} /> : null}

            <SectionCard title={t('theme.sections.brand')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('theme.name')} value={draft.name} onChange={(e) => edit('name', { name: e.currentTarget.value })} maxLength={100} error={message('name')} />
                <TextInput
                  label={t('theme.chatDirectory')}
                  description={t('theme.chatDirectoryHint')}
                  value={draft.chatDirectory}
                  onChange={(e) => edit('chatDirectory', { chatDirectory: e.currentTarget.value })}
                  maxLength={60}
                  error={message('chatDirectory')}
                />
              </SimpleGrid>
            </SectionCard>

            <SectionCard title={t('theme.sections.colors')}>
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
                {PALETTE_SHADES.map((shade) => {
                  const key = `primary-${shade}` as const;
                  return (
                    <ColorInput
                      key={key}
                      label={key}
                      format="hex"
                      withEyeDropper={false}
                      value={draft.palette[key]}
                      onChange={(value) => edit(`palette.${key}`, { palette: { ...draft.palette, [key]: value } })}
                      error={message(`palette.${key}`)}
                    />
                  );
                })}
              </SimpleGrid>
            </SectionCard>

            <SectionCard title={t('theme.sections.fonts')}>
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t('theme.font')} value={draft.font} onChange={(e) => edit('font', { font: e.currentTarget.value })} maxLength={100} error={message('font')} />
                  <TextInput
                    label={t('theme.titleFont')}
                    value={draft.titleFont ?? ''}
                    onChange={(e) => edit('titleFont', { titleFont: e.currentTarget.value || undefined })}
                    maxLength={100}
                    error={message('titleFont')}
                  />
                </SimpleGrid>
                <TagsInput
                  label={t('theme.fontLinks')}
                  description={t('theme.fontLinksHint')}
                  value={draft.fontLinks}
                  onChange={(fontLinks) => edit('fontLinks', { fontLinks })}
                  maxTags={10}
                  error={message('fontLinks') ?? Object.keys(errors).filter((p) => p.startsWith('fontLinks.')).map((p) => message(p))[0]}
                />
              </Stack>
            </SectionCard>

            <SectionCard title={t('theme.sections.logos')}>
              <Stack gap="md">
                <Text size="sm" c="dimmed">
                  {t('theme.assets.hint')}
                </Text>
                <ThemeAssetInput label={t('theme.logoLight')} value={draft.logo.light} onChange={(light) => edit('logo.light', { logo: { ...draft.logo, light } })} error={message('logo.light')} />
                <ThemeAssetInput label={t('theme.logoDark')} value={draft.logo.dark} onChange={(dark) => edit('logo.dark', { logo: { ...draft.logo, dark } })} error={message('logo.dark')} />
                <ThemeAssetInput label={t('theme.favicon')} value={draft.favicon} onChange={(favicon) => edit('favicon', { favicon })} error={message('favicon')} />
              </Stack>
            </SectionCard>

            <SectionCard title={t('theme.sections.flags')}>
              <Stack gap="sm">
                {FLAGS.map((flag) => (
                  <Switch
                    key={flag}
                    label={t(`theme.flags.${flag}`)}
                    checked={draft.flags[flag]}
                    onChange={(e) => edit(`flags.${flag}`, { flags: { ...draft.flags, [flag]: e.currentTarget.checked } })}
                  />
                ))}
              </Stack>
            </SectionCard>

            <SectionCard title={t('theme.sections.html')}>
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {t('theme.htmlHint')}
                </Text>
                <Textarea
                  label={t('theme.customWelcomeHtml')}
                  value={draft.customWelcomeHtml ?? ''}
                  onChange={(e) => edit('customWelcomeHtml', { customWelcomeHtml: html(e.currentTarget.value) })}
                  autosize
                  minRows={3}
                  maxRows={10}
                  maxLength={THEME_HTML_MAX_LENGTH}
                  ff="monospace"
                  error={message('customWelcomeHtml', { max: THEME_HTML_MAX_LENGTH })}
                />
                <Textarea
                  label={t('theme.customSidebarFooterHtml')}
                  value={draft.customSidebarFooterHtml ?? ''}
                  onChange={(e) => edit('customSidebarFooterHtml', { customSidebarFooterHtml: html(e.currentTarget.value) })}
                  autosize
                  minRows={2}
                  maxRows={8}
                  maxLength={THEME_HTML_MAX_LENGTH}
                  ff="monospace"
                  error={message('customSidebarFooterHtml', { max: THEME_HTML_MAX_LENGTH })}
                />
              </Stack>
            </SectionCard>

            <Group justify="space-between">
              <Button variant="subtle" color="red" onClick={resetToDefault} disabled={loaded.isDefault} loading={reset.isPending}>
                {t('theme.reset')}
              </Button>
              <Group gap="xs">
                <Button variant="default" onClick={() => { setDraft(loaded.theme); setErrors({}); }} disabled={!isDirty || save.isPending}>
                  {t('theme.discard')}
                </Button>
                <Button type="submit" loading={save.isPending} disabled={!isDirty}>
                  {ta('actions.save')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="md" pos="sticky" top={16}>
          <Group justify="space-between">
            <Title order={3} size="h4">
              {t('theme.preview.title')}
            </Title>
            {isDirty ? <Text size="sm" c="orange">{t('theme.unsaved')}</Text> : null}
          </Group>
          <ThemePreview theme={draft} />
          <SavedHtml loaded={loaded.theme} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The custom HTML as the server stored it (sanitized), as members will see it. */
function SavedHtml({ loaded }: { loaded: Theme }) {
  const { t } = useTranslation('workspaceSettings');
  const parts = [
    { id: 'welcome', label: t('theme.customWelcomeHtml'), html: loaded.customWelcomeHtml },
    { id: 'footer', label: t('theme.customSidebarFooterHtml'), html: loaded.customSidebarFooterHtml },
  ].filter((part) => part.html);
  if (parts.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" fw={600} mb="xs">
        {t('theme.savedHtml')}
      </Text>
      <Stack gap="sm">
        {parts.map((part) => (
          <Box key={part.id} aria-label={part.label} role="region">
            <Text size="xs" c="dimmed">
              {part.label}
            </Text>
            {/* Sanitized by the server's allow-list before it was stored. */}
            <Typography fz="sm">
              <div dangerouslySetInnerHTML={{ __html: part.html! }} />
            </Typography>
          </Box>
        ))}
      </Stack>
    </Card>
  );
}
