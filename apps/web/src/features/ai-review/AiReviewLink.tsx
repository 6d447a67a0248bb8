import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useHasAnyPermission, useHasProduct } from '../../lib/session';
import { IconFileSearch } from './ai-review-icons';
import { aiReviewPath } from './ai-review-path';
import { AI_REVIEW_PERMISSIONS } from './ai-review-permissions';
import './ai-review-i18n';

/** "AI 검토" for a repository contract: opens the start page with the contract chosen (shown only where AI review is available). */
export function AiReviewLink({ contractId }: { contractId: number }) {
  // The contract page's own namespace: asking for a second one here suspended the page and reset its open editors.
  const { t } = useTranslation('contracts');
  const { workspaceName } = useParams();
  const hasProduct = useHasProduct('AI_REVIEW');
  const canUse = useHasAnyPermission(AI_REVIEW_PERMISSIONS);
  if (!hasProduct || !canUse || !workspaceName) return null;
  return (
    <Button component={Link} to={`${aiReviewPath(workspaceName)}?contractId=${contractId}`} size="compact-sm" variant="light" leftSection={<IconFileSearch size={14} aria-hidden="true" />}>
      {t('nav.aiReview', { ns: 'aiReview' })}
    </Button>
  );
}
