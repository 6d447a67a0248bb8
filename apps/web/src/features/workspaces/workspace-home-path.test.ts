import { DEFAULT_THEME } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { LEGAL_AGENT_CATEGORY, workspaceHomePath } from './workspace-home-path';

describe('workspaceHomePath', () => {
  it('sends the legal-agent category to the business-agent chat by default', () => {
    expect(workspaceHomePath('acme', LEGAL_AGENT_CATEGORY, DEFAULT_THEME)).toBe('/acme/business-agent');
    expect(workspaceHomePath('acme', LEGAL_AGENT_CATEGORY)).toBe('/acme/business-agent');
  });

  it("uses the theme's chat directory as the chat path", () => {
    expect(workspaceHomePath('acme', LEGAL_AGENT_CATEGORY, { chatDirectory: 'ask-legal' })).toBe('/acme/ask-legal');
    expect(workspaceHomePath('acme', LEGAL_AGENT_CATEGORY, { chatDirectory: '' })).toBe('/acme/business-agent');
  });

  it('sends every other category to the workspace root', () => {
    expect(workspaceHomePath('acme', 'contract-management', { chatDirectory: 'ask-legal' })).toBe('/acme/');
    expect(workspaceHomePath('acme', null)).toBe('/acme/');
    expect(workspaceHomePath('acme', undefined)).toBe('/acme/');
  });

  it('encodes workspace names (Korean, spaces, slashes)', () => {
    expect(workspaceHomePath('한빛 법무', 'x')).toBe('/%ED%95%9C%EB%B9%9B%20%EB%B2%95%EB%AC%B4/');
    expect(workspaceHomePath('a/b', LEGAL_AGENT_CATEGORY)).toBe('/a%2Fb/business-agent');
  });
});
