import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ForbiddenState } from '../../../components/ForbiddenState';
import { useHasProduct, type Product } from '../../../lib/session';

export interface RequireProductProps {
  type: Product['type'];
  children?: ReactNode;
}

/** Renders its children (or the child routes) only if the selected workspace has the product. */
export function RequireProduct({ type, children }: RequireProductProps) {
  const { t } = useTranslation();
  const hasProduct = useHasProduct(type);
  if (!hasProduct) return <ForbiddenState title={t('states.productUnavailableTitle')} description={t('states.productUnavailableDescription')} />;
  return children ?? <Outlet />;
}
