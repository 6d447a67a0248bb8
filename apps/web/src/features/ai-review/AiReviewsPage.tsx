import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ForbiddenState } from '../../components/ForbiddenState';
import { useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { AI_REVIEW_PERMISSIONS } from './ai-review-permissions';
import { ReviewList } from './ReviewList';
import './ai-review-i18n';

function ReviewsScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('aiReview');
  const canUse = useHasAnyPermission(AI_REVIEW_PERMISSIONS);
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  useDocumentTitle(`${t('list.title')} · ${workspaceName}`);
  if (!canUse) return <ForbiddenState />;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('list.title')}</Title>
        <ReviewList workspaceName={workspaceName} page={page} onPage={(next) => setParams(next === 0 ? {} : { page: String(next) })} />
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/ai-review/reviews`: every review the caller can see, page by page (the page in the URL). */
export function AiReviewsPage() {
  return <WorkspaceGate product="AI_REVIEW">{(entry) => <ReviewsScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
