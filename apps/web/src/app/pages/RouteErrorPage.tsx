import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { isApiError } from '../../lib/api/api-error';
import { NotFoundPage } from './NotFoundPage';

/** What a route shows when it throws or its code cannot be loaded (e.g. after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Container size="sm" py="xl">
      <ErrorState
        error={error}
        title={t('routeError.title')}
        message={isApiError(error) ? undefined : t('routeError.description')}
        onRetry={() => window.location.reload()}
        retryLabel={t('actions.reload')}
      />
    </Container>
  );
}
