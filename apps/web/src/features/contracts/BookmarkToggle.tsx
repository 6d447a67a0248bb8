import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconBookmark, IconBookmarkFilled } from './contract-icons';
import { useBookmarkToggle } from './contract-mutations';
import './contracts-i18n';

/** The caller's own bookmark of a contract, as a pressed/unpressed button. */
export function BookmarkToggle({ contractId, title, isBookmarked }: { contractId: number; title: string; isBookmarked: boolean }) {
  const { t } = useTranslation('contracts');
  const toggle = useBookmarkToggle();
  return (
    <ActionIcon
      variant="subtle"
      color={isBookmarked ? 'yellow' : 'gray'}
      aria-label={t('bookmark.label', { title })}
      aria-pressed={isBookmarked}
      loading={toggle.isPending}
      onClick={(event) => {
        event.stopPropagation();
        toggle.mutate({ contractId, isBookmarked: !isBookmarked });
      }}
    >
      {isBookmarked ? <IconBookmarkFilled size={18} aria-hidden="true" /> : <IconBookmark size={18} aria-hidden="true" />}
    </ActionIcon>
  );
}
