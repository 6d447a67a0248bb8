import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LauncherEntry, type Product } from '../../lib/session';
import './workspaces-i18n';

const SUBSCRIPTION_COLORS: Record<string, string> = {
  TRIAL: 'blue',
  ACTIVE: 'green',
  PAST_DUE: 'orange',
  EXPIRED: 'red',
  CANCELED: 'gray',
};

const KNOWN_SUBSCRIPTIONS = ['TRIAL', 'ACTIVE', 'PAST_DUE', 'EXPIRED', 'CANCELED'] as const;
const KNOWN_PRODUCTS = ['AI_REVIEW', 'AI_STUDIO', 'CLM', 'E_CONTRACT', 'LITIGATION', 'SEAL'] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The subscription status of a workspace as a coloured badge; an unknown status shows as sent. */
export function SubscriptionBadge({ status }: { status: LauncherEntry['subscriptionStatus'] }) {
  const { t } = useTranslation('workspaces');
  return (
    <Badge color={SUBSCRIPTION_COLORS[status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {isOneOf(KNOWN_SUBSCRIPTIONS, status) ? t(`subscription.${status}`) : status}
    </Badge>
  );
}

/** The products of a workspace as badges. */
export function ProductBadges({ products }: { products: readonly Product[] }) {
  const { t } = useTranslation('workspaces');
  return (
    <Group gap={6}>
      {products.map((product) => (
        <Badge key={product.type} variant="outline" color="gray" size="sm" tt="none">
          {isOneOf(KNOWN_PRODUCTS, product.type) ? t(`products.${product.type}`) : product.type}
        </Badge>
      ))}
    </Group>
  );
}

/** Division, position and title of a membership, joined; empty parts left out. */
export function membershipLine(entry: Pick<LauncherEntry, 'divisionName' | 'jobPositionName' | 'jobTitleName'>): string {
  return [entry.divisionName, entry.jobPositionName, entry.jobTitleName].filter((part) => part && part.trim() !== '').join(' · ');
}
