import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { IconHome } from '../../components/icons';
import { appRoutes } from '../router';
import { currentNavEntryId, defineNavEntry, type NavAudience, visibleNavEntries } from './nav-entry';
import { NAV_ENTRIES } from './nav-entries';
import { NAV_VARIANTS } from './nav-variants';
import { navVariantOf } from './route-handle';

const entry = (id: string, over: Partial<Parameters<typeof defineNavEntry>[0]> = {}) =>
  defineNavEntry({ id, variants: ['general'], path: (w) => `/${w}/${id}`, icon: IconHome, namespace: 'common', labelKey: id, ...over });

const ENTRIES = [
  entry('home', { path: (w) => `/${w}`, variants: ['general', 'contractManagement', 'admin'] }),
  entry('contracts', { product: 'CLM', permissions: ['contract.contract.read', 'contract.all_contract.read'], variants: ['general', 'contractManagement'] }),
  entry('contracts/new', { product: 'CLM', permissions: ['contract.contract.write'], variants: ['contractManagement'] }),
  entry('files', { permissions: ['file.file.read'] }),
  entry('sign', { product: 'E_CONTRACT', variants: ['general', 'eContract'] }),
  entry('admin/users', { permissions: ['workspace.user.read'], variants: ['admin'] }),
];

const audience = (over: Partial<NavAudience>): NavAudience => ({ variant: 'general', products: [], permissions: [], ...over });
const ids = (list: readonly { id: string }[]) => list.map((e) => e.id);
const perms = (...names: string[]) => names.map((name) => ({ name }));

describe('visibleNavEntries: products x permissions x variant', () => {
  it('shows an entry only when the workspace has its product and the user holds one of its permissions', () => {
    const clm = [{ type: 'CLM' }];
    expect(ids(visibleNavEntries(ENTRIES, audience({ products: clm, permissions: perms('contract.all_contract.read', 'file.file.read') })))).toEqual(['home', 'contracts', 'files']);
    // The permission without the product: no contracts.
    expect(ids(visibleNavEntries(ENTRIES, audience({ products: [], permissions: perms('contract.contract.read') })))).toEqual(['home']);
    // The product without a permission: no contracts either.
    expect(ids(visibleNavEntries(ENTRIES, audience({ products: clm, permissions: perms('file.file.read') })))).toEqual(['home', 'files']);
    // An entry without a permission needs only its product.
    expect(ids(visibleNavEntries(ENTRIES, audience({ products: [{ type: 'E_CONTRACT' }] })))).toEqual(['home', 'sign']);
  });

  it('lists the entries of the variant asked for, in registry order', () => {
    const everything = audience({
      products: [{ type: 'CLM' }, { type: 'E_CONTRACT' }],
      permissions: perms('contract.contract.read', 'contract.contract.write', 'file.file.read', 'workspace.user.read'),
    });
    expect(ids(visibleNavEntries(ENTRIES, { ...everything, variant: 'contractManagement' }))).toEqual(['home', 'contracts', 'contracts/new']);
    expect(ids(visibleNavEntries(ENTRIES, { ...everything, variant: 'admin' }))).toEqual(['home', 'admin/users']);
    expect(ids(visibleNavEntries(ENTRIES, { ...everything, variant: 'eContract' }))).toEqual(['sign']);
    expect(visibleNavEntries(ENTRIES, { ...everything, variant: 'superAdmin' })).toEqual([]);
  });
});

describe('currentNavEntryId', () => {
  it('marks the entry whose address is the longest prefix at a segment boundary', () => {
    expect(currentNavEntryId(ENTRIES, 'hanbit', '/hanbit')).toBe('home');
    expect(currentNavEntryId(ENTRIES, 'hanbit', '/hanbit/')).toBe('home');
    expect(currentNavEntryId(ENTRIES, 'hanbit', '/hanbit/contracts')).toBe('contracts');
    expect(currentNavEntryId(ENTRIES, 'hanbit', '/hanbit/contracts/42')).toBe('contracts');
    expect(currentNavEntryId(ENTRIES, 'hanbit', '/hanbit/contracts/new')).toBe('contracts/new');
    expect(currentNavEntryId(ENTRIES, 'hanbit', '/hanbit/contractsX')).toBe('home');
    expect(currentNavEntryId(ENTRIES, 'hanbit', '/saesol/contracts')).toBeNull();
  });

  it('compares encoded and decoded workspace names alike', () => {
    const korean = [entry('files', { path: (w) => `/${encodeURIComponent(w)}/files` })];
    expect(currentNavEntryId(korean, '한빛', '/%ED%95%9C%EB%B9%9B/files')).toBe('files');
    expect(currentNavEntryId(korean, '한빛', '/한빛/files')).toBe('files');
  });
});

const variantAt = (path: string) => navVariantOf(matchRoutes(appRoutes, path) ?? []);

describe('the variant of each route', () => {
  it('gives every workspace, admin and super-admin page its area, and public pages none', () => {
    expect(variantAt('/hanbit')).toBe('general');
    expect(variantAt('/hanbit/files')).toBe('general');
    expect(variantAt('/hanbit/notices')).toBe('general');
    expect(variantAt('/hanbit/role-requests')).toBe('general');
    expect(variantAt('/hanbit/contracts')).toBe('contractManagement');
    expect(variantAt('/hanbit/contracts/new')).toBe('contractManagement');
    expect(variantAt('/hanbit/contracts/7')).toBe('contractManagement');
    expect(variantAt('/hanbit/ai-review')).toBe('aiReview');
    expect(variantAt('/hanbit/ai-review/reviews')).toBe('aiReview');
    expect(variantAt('/hanbit/ai-review/12')).toBe('aiReview');
    expect(variantAt('/hanbit/standard-forms')).toBe('contractManagement');
    expect(variantAt('/hanbit/standard-forms/7/draft')).toBe('contractManagement');
    expect(variantAt('/hanbit/business-agent')).toBe('general');
    expect(variantAt('/hanbit/business-agent/statutes')).toBe('general');
    expect(variantAt('/hanbit/admin/users')).toBe('admin');
    expect(variantAt('/hanbit/admin')).toBe('admin');
    expect(variantAt('/super-admin')).toBe('superAdmin');
    expect(variantAt('/super-admin/deletion-requests')).toBe('superAdmin');
    expect(variantAt('/super-admin/standard-forms')).toBe('superAdmin');
    for (const path of ['/', '/sign-in', '/super-admin/sign-in', '/workspaces', '/profile', '/consent', '/reset-password']) expect(variantAt(path)).toBeNull();
  });
});

describe('the registry (nav-entries.ts)', () => {
  it('has unique ids and known variants', () => {
    const all = ids(NAV_ENTRIES);
    expect(new Set(all).size).toBe(all.length);
    for (const e of NAV_ENTRIES) for (const v of e.variants) expect(NAV_VARIANTS).toContain(v);
  });

  it('leads only to routed pages, never to the welcome page or the not-found page', () => {
    for (const e of NAV_ENTRIES) {
      const path = e.path('hanbit');
      const matches = matchRoutes(appRoutes, path) ?? [];
      const leaf = matches[matches.length - 1]?.route;
      expect(leaf, path).toBeDefined();
      expect(leaf?.path, path).not.toBe('*');
      expect(path, e.id).not.toMatch(/#/);
      // Its own page shows the entry (and marks it) when the entry belongs to that page's area.
      const variant = variantAt(path);
      expect(variant, path).not.toBeNull();
    }
  });

  it('marks each entry on its own page in the areas whose page it is', () => {
    for (const e of NAV_ENTRIES) {
      const path = e.path('hanbit');
      const variant = variantAt(path)!;
      if (!e.variants.includes(variant)) continue;
      const inArea = NAV_ENTRIES.filter((other) => other.variants.includes(variant));
      expect(currentNavEntryId(inArea, 'hanbit', path), path).toBe(e.id);
    }
  });

  it('has its label in both languages, in the namespace of its feature', async () => {
    const files: Partial<Record<string, string>> = {
      common: 'common', workspaces: 'workspaces', contracts: 'contracts', files: 'files', notices: 'notices',
      roleRequests: 'role-requests', admin: 'admin', superAdmin: 'super-admin', aiReview: 'ai-review', research: 'research',
      standardForms: 'standard-forms', workflows: 'workflows', workflowPresets: 'workflow-presets', seals: 'seals', esign: 'esign',
    };
    for (const locale of ['ko', 'en']) {
      for (const e of NAV_ENTRIES) {
        const file = files[e.namespace];
        expect(file, e.namespace).toBeDefined();
        const catalogue = (await import(`../../locales/${locale}/${file}.json`)).default as Record<string, unknown>;
        const label = e.labelKey.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], catalogue);
        expect(typeof label === 'string' && label.length > 0, `${locale} ${e.namespace}:${e.labelKey}`).toBe(true);
      }
    }
  });

  it('shows a reader fewer entries than a manager, and the admin console only to admins', () => {
    const hanbit = [{ type: 'CLM' }, { type: 'AI_REVIEW' }];
    const reader = perms('contract.all_contract.read', 'file.file.read');
    const manager = perms('contract.contract.read', 'contract.contract.write', 'contract.contract.admin', 'file.file.read', 'file.file.write');
    const admin = [...manager, ...perms('workspace.admin.access', 'workspace.user.read', 'workspace.audit.read')];
    const at = (variant: NavAudience['variant'], permissions: NavAudience['permissions']) =>
      ids(visibleNavEntries(NAV_ENTRIES, { variant, products: hanbit, permissions }));
    expect(at('contractManagement', reader)).toEqual(['home', 'contracts', 'workflows.todo', 'workflows.myRequests', 'workflows.search', 'workflows.dashboard', 'files', 'notices']);
    expect(at('contractManagement', manager)).toEqual(['home', 'contracts', 'contracts.new', 'contracts.bulk', 'workflows.todo', 'workflows.myRequests', 'workflows.search', 'workflows.dashboard', 'files', 'notices']);
    // The workflow hub: the assignment board and the approvals inbox only for who assigns and approves.
    expect(at('contractManagement', [...reader, ...perms('legal.review.assign', 'approval.approval.approve')])).toEqual([
      'home', 'contracts', 'workflows.todo', 'workflows.myRequests', 'workflows.search', 'workflows.assignments', 'workflows.approvals', 'workflows.dashboard', 'files', 'notices',
    ]);
    expect(at('general', admin)).toContain('admin');
    expect(at('general', manager)).not.toContain('admin');
    expect(at('admin', admin)).toEqual(['home', 'admin.users', 'admin.audit']);
    // AI review: its own area for members who may use it, one entry in the general area.
    const reviewer = [...reader, ...perms('ai.review.use')];
    expect(at('aiReview', reviewer)).toEqual(['home', 'aiReview.new', 'aiReview.reviews']);
    expect(at('general', reviewer)).toContain('aiReview');
    expect(at('aiReview', reader)).toEqual(['home']);
    expect(ids(visibleNavEntries(NAV_ENTRIES, { variant: 'aiReview', products: [{ type: 'CLM' }], permissions: reviewer }))).toEqual(['home']);
    // Without the CLM product nobody sees the contract entries.
    expect(ids(visibleNavEntries(NAV_ENTRIES, { variant: 'contractManagement', products: [{ type: 'AI_REVIEW' }], permissions: manager }))).toEqual(['home', 'files', 'notices']);
  });
});
