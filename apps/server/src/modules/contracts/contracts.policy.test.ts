import { describe, expect, it } from 'vitest';
import { abilitiesOf, allow, allowBookmarkEdit, type ContractFacts } from './contracts.policy';
import { canDelete, canTransition, CONTRACT_TRANSITIONS, frozenAmong, frozenFields } from './contracts.state';
import { trimDecimal } from './contract-dto';
import { keywordTokens } from './search/contract-search.repo';

const actor = (permissions: string[], options: { userId?: number; groupIds?: number[] } = {}) => ({
  userId: options.userId ?? 1,
  permissions: new Set(permissions),
  groupIds: new Set(options.groupIds ?? []),
});
const contract = (facts: Partial<ContractFacts> = {}): ContractFacts => ({
  ownerUserId: 9,
  groupId: null,
  watcherUserIds: new Set(),
  relatedUserIds: new Set(),
  ...facts,
});

const MEMBER = ['contract.contract.read', 'contract.contract.write'];

describe('contract policy: who reads', () => {
  it('lets owners, watchers and related users holding contract.contract.read read, nobody else with it alone', () => {
    expect(allow(actor(MEMBER), 'contract.read', contract({ ownerUserId: 1 }))).toBe(true);
    expect(allow(actor(MEMBER), 'contract.read', contract({ watcherUserIds: new Set([1]) }))).toBe(true);
    expect(allow(actor(MEMBER), 'contract.read', contract({ relatedUserIds: new Set([1]) }))).toBe(true);
    expect(allow(actor(MEMBER), 'contract.read', contract())).toBe(false);
    // Taking part is not enough without the read permission itself.
    expect(allow(actor(['contract.contract.write']), 'contract.read', contract({ ownerUserId: 1 }))).toBe(false);
  });

  it('lets group readers read the contracts of their own groups only', () => {
    const groupReader = actor(['contract.group_contract.read'], { groupIds: [5] });
    expect(allow(groupReader, 'contract.read', contract({ groupId: 5 }))).toBe(true);
    expect(allow(groupReader, 'contract.read', contract({ groupId: 6 }))).toBe(false);
    expect(allow(groupReader, 'contract.read', contract({ groupId: null }))).toBe(false);
    // Being in the group without the permission gives nothing.
    expect(allow(actor(MEMBER, { groupIds: [5] }), 'contract.read', contract({ groupId: 5 }))).toBe(false);
  });

  it('lets contract readers and admins read everything', () => {
    expect(allow(actor(['contract.all_contract.read']), 'contract.read', contract())).toBe(true);
    expect(allow(actor(['contract.contract.admin']), 'contract.read', contract())).toBe(true);
  });

  it('refuses the contract area to a member without any contract permission', () => {
    expect(allow(actor([]), 'contract.use')).toBe(false);
    expect(allow(actor(['file.file.read']), 'contract.use')).toBe(false);
    for (const p of ['contract.contract.read', 'contract.group_contract.read', 'contract.all_contract.read', 'contract.contract.admin']) {
      expect(allow(actor([p]), 'contract.use'), p).toBe(true);
    }
  });
});

describe('contract policy: who writes', () => {
  it('lets the owner with contract.contract.write and admins edit, delete and hand over; nobody else', () => {
    const own = contract({ ownerUserId: 1 });
    for (const action of ['contract.update', 'contract.delete', 'contract.changeOwner', 'contract.manageWatchers'] as const) {
      expect(allow(actor(MEMBER), action, own), action).toBe(true);
      expect(allow(actor(['contract.contract.read']), action, own), `${action} without write`).toBe(false);
      expect(allow(actor(MEMBER), action, contract({ watcherUserIds: new Set([1]) })), `${action} as watcher`).toBe(false);
      expect(allow(actor(['contract.all_contract.read', 'contract.contract.write']), action, contract()), `${action} as reader`).toBe(false);
      expect(allow(actor(['contract.contract.admin']), action, contract()), `${action} as admin`).toBe(true);
    }
    expect(allow(actor(['contract.contract.write']), 'contract.create')).toBe(true);
    expect(allow(actor(['contract.contract.read']), 'contract.create')).toBe(false);
  });

  it('answers abilities consistent with the rules', () => {
    expect(abilitiesOf(actor(MEMBER), contract({ watcherUserIds: new Set([1]) }))).toEqual({
      canUpdate: false, canDelete: false, canChangeOwner: false, canManageWatchers: false, canBookmark: true,
    });
    expect(Object.values(abilitiesOf(actor(MEMBER), contract({ ownerUserId: 1 }))).every(Boolean)).toBe(true);
  });

  it('lets the creator or an admin edit a counterparty bookmark', () => {
    expect(allowBookmarkEdit(actor(MEMBER), { createdByUserId: 1 })).toBe(true);
    expect(allowBookmarkEdit(actor(MEMBER), { createdByUserId: 2 })).toBe(false);
    expect(allowBookmarkEdit(actor(['contract.contract.admin']), { createdByUserId: 2 })).toBe(true);
  });
});

describe('contract lifecycle', () => {
  it('moves drafts through the workflow and executed contracts to their end; terminal statuses stay', () => {
    expect(canTransition('DRAFT', 'IN_APPROVAL')).toBe(true);
    expect(canTransition('IN_SIGNING', 'SIGNED')).toBe(true);
    expect(canTransition('SIGNED', 'TERMINATED')).toBe(true);
    expect(canTransition('EXPIRED', 'ACTIVE')).toBe(true);
    expect(canTransition('DRAFT', 'ACTIVE')).toBe(false);
    expect(canTransition('SIGNED', 'DRAFT')).toBe(false);
    expect(CONTRACT_TRANSITIONS.TERMINATED).toEqual([]);
    expect(CONTRACT_TRANSITIONS.CANCELED).toEqual([]);
    for (const [from, tos] of Object.entries(CONTRACT_TRANSITIONS)) expect(tos, from).not.toContain(from);
  });

  it('freezes the content while an approval or signing runs, never memo, hashtags or people', () => {
    expect(frozenAmong('IN_APPROVAL', ['title', 'memo', 'hashtags', 'watchers'])).toEqual(['title']);
    expect(frozenAmong('IN_SIGNING', ['amount', 'signedDate', 'owner'])).toEqual(['amount', 'signedDate']);
    expect(frozenAmong('DRAFT', ['title', 'amount'])).toEqual([]);
    expect(frozenFields('SIGNED')).toEqual([]);
    expect(canDelete('IN_APPROVAL')).toBe(false);
    expect(canDelete('SIGNED')).toBe(true);
  });
});

describe('contract helpers', () => {
  it('writes decimals without padding zeros', () => {
    expect(trimDecimal('1500000.0000')).toBe('1500000');
    expect(trimDecimal('12.5000')).toBe('12.5');
    expect(trimDecimal('0.0100')).toBe('0.01');
    expect(trimDecimal('100')).toBe('100');
    expect(trimDecimal(null)).toBeNull();
  });

  it('splits a keyword into distinct lower-case words', () => {
    expect(keywordTokens('  해지   NDA 해지 ')).toEqual(['해지', 'nda']);
    expect(keywordTokens(undefined)).toEqual([]);
    expect(keywordTokens(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(10);
  });
});
