import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconBookmark, IconBookmarkFilled } from './standard-form-icons';
import { useBookmarkToggle } from './standard-form-queries';
import './standard-forms-i18n';

/** The caller's own bookmark of a form, as a pressed/unpressed button. */
export function FormBookmarkToggle({ standardFormId, title, isBookmarked }: { standardFormId: number; title: string; isBookmarked: boolean }) {
  const { t } = useTranslation('standardForms');
  const toggle = useBookmarkToggle();
  return (
    <ActionIcon
      variant="subtle"
      color={isBookmarked ? 'yellow' : 'gray'}
      aria-label={t('library.bookmark', { title })}
      aria-pressed={isBookmarked}
      loading={toggle.isPending}
      onClick={() => toggle.mutate({ standardFormId, isBookmarked: !isBookmarked })}
    >
      {isBookmarked ? <IconBookmarkFilled size={18} aria-hidden="true" /> : <IconBookmark size={18} aria-hidden="true" />}
    </ActionIcon>
  );
}
