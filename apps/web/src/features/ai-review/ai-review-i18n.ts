import en from '../../locales/en/ai-review.json';
import ko from '../../locales/ko/ai-review.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('aiReview', { ko, en });
