import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/browser-storage';
import { changeLocale, currentLocale } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { LanguageSwitch } from './LanguageSwitch';

describe('LanguageSwitch', () => {
  afterEach(async () => {
    await changeLocale('ko');
  });

  it('switches to English, remembers it and relabels the page', async () => {
    renderWithProviders(
      <>
        <LanguageSwitch />
        <ColorSchemeToggle />
      </>,
    );
    expect(screen.getByRole('button', { name: '어두운 화면으로 전환' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('English'));
    expect(currentLocale()).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(await screen.findByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();
  });
});

describe('ColorSchemeToggle', () => {
  it('switches between light and dark and remembers the choice', async () => {
    renderWithProviders(<ColorSchemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: '어두운 화면으로 전환' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(localStorage.getItem(STORAGE_KEYS.colorScheme)).toBe('dark');
    await userEvent.click(await screen.findByRole('button', { name: '밝은 화면으로 전환' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
