import { type Theme } from '@legal/api';
import { isSafeAssetUrl } from './head-assets';

/** The logo for the colour scheme in force, or null for the text wordmark. */
export function pickLogo(theme: Theme, scheme: 'light' | 'dark'): string | null {
  const logo = scheme === 'dark' ? theme.logo.dark : theme.logo.light;
  return logo && isSafeAssetUrl(logo, { allowDataImage: true }) ? logo : null;
}
