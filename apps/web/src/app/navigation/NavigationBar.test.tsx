import { DEFAULT_THEME } from '@legal/api';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { themeMarkerStore } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { BrandMark } from './BrandMark';
import { NavigationBar } from './NavigationBar';
import { NAV_ITEMS, NAV_VARIANTS } from './nav-items';

describe('NavigationBar', () => {
  it.each(NAV_VARIANTS)('renders the %s items with localized labels and links', (variant) => {
    renderWithProviders(<NavigationBar variant={variant} />, { route: '/' });
    const nav = screen.getByRole('navigation');
    expect(nav).toHaveAttribute('data-variant', variant);
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(NAV_ITEMS[variant].length);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/#[a-z-]+$/);
  });

  it('marks the item of the current location', () => {
    renderWithProviders(<NavigationBar variant="general" />, { route: '/#contracts' });
    expect(screen.getByRole('navigation', { name: '서비스 메뉴' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '계약 관리' })).toHaveAttribute('aria-current', 'location');
    expect(screen.getByRole('link', { name: 'AI 계약 검토' })).not.toHaveAttribute('aria-current');
  });
});

describe('BrandMark', () => {
  beforeEach(() => themeMarkerStore.clear());

  it('draws the wordmark when the theme has no logo', () => {
    renderWithProviders(<BrandMark />, { route: '/' });
    expect(screen.getByTestId('wordmark')).toHaveTextContent('리걸 스위트');
    expect(screen.getByRole('link', { name: '리걸 스위트 처음 화면' })).toHaveAttribute('href', '/');
  });

  it('draws the light logo in the light scheme', () => {
    themeMarkerStore.mark('0-0', { ...DEFAULT_THEME, logo: { light: '/brand/light.svg', dark: '/brand/dark.svg' } });
    renderWithProviders(<BrandMark />, { route: '/' });
    expect(screen.getByRole('img', { name: '리걸 스위트' })).toHaveAttribute('src', '/brand/light.svg');
    expect(screen.queryByTestId('wordmark')).toBeNull();
  });
});
