import { defineNavEntry } from '../../app/navigation/nav-entry';
import { IconFileSearch, IconInbox, IconPlus } from './ai-review-icons';
import { aiReviewListPath, aiReviewPath } from './ai-review-path';
import { AI_REVIEW_PERMISSIONS } from './ai-review-permissions';
import './ai-review-i18n';

/** AI review: one entry in the general area (like the contract repository), its own pages in the "AI review" area. */
export const AI_REVIEW_NAV = [
  defineNavEntry({
    id: 'aiReview',
    variants: ['general'],
    product: 'AI_REVIEW',
    permissions: AI_REVIEW_PERMISSIONS,
    path: aiReviewPath,
    icon: IconFileSearch,
    namespace: 'aiReview',
    labelKey: 'nav.aiReview',
  }),
  defineNavEntry({
    id: 'aiReview.new',
    variants: ['aiReview'],
    product: 'AI_REVIEW',
    permissions: AI_REVIEW_PERMISSIONS,
    path: aiReviewPath,
    icon: IconPlus,
    namespace: 'aiReview',
    labelKey: 'nav.new',
  }),
  defineNavEntry({
    id: 'aiReview.reviews',
    variants: ['aiReview'],
    product: 'AI_REVIEW',
    permissions: AI_REVIEW_PERMISSIONS,
    path: aiReviewListPath,
    icon: IconInbox,
    namespace: 'aiReview',
    labelKey: 'nav.reviews',
  }),
];
