import { DEFAULT_THEME } from '@legal/api';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { themeMarkerStore } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { BrandMark } from './BrandMark';
import { NavigationBar } from './NavigationBar';
import { PUBLIC_NAV_ITEMS } from './nav-items';

describe('NavigationBar', () => {
  it('renders the public items with localized labels, leading to the welcome page sections', () => {
    renderWithProviders(<NavigationBar />, { route: '/' });
    const nav = screen.getByRole('navigation', { name: '서비스 소개' });
    const links = within(nav).getAllByRole('link');
    expect(links).toHaveLength(PUBLIC_NAV_ITEMS.length);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/#[a-z-]+$/);
  });

  it('marks the item of the current location', () => {
    renderWithProviders(<NavigationBar />, { route: '/#contracts' });
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
