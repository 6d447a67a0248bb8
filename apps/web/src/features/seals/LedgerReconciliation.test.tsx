import { downloadReconciliation, getConhubContractV3, getContractPermissions, getReconciliation, getSignatureSyncStatus, listSeals, listUsageHistories } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { detailOf, permissionsOf } from '../contracts/contracts.test-support';
import { CUSTODIAN, MANAGER_PERMISSIONS, MEMBER_PERMISSIONS, pageOf, sealOf, signInWithSeals } from './seals.test-support';

describe('the seal ledger', () => {
  it('lists the applications, flags those without a request and filters by seal in the address', { timeout: 45_000 }, async () => {
    const fake = signInWithSeals(MANAGER_PERMISSIONS, { canManageSeals: true })
      .on(listSeals, ok(pageOf([sealOf(1), sealOf(2, { name: '사용인감 A', type: 'USAGE' })])))
      .on(listUsageHistories, ok(pageOf([
        { historyId: 1, seal: { sealId: 1, name: '법인인감 1', type: 'CORPORATE' }, requestId: 12, method: 'ELECTRONIC', referenceType: 'CONTRACT', referenceId: 7, referenceTitle: '용역계약 7', appliedBy: CUSTODIAN, appliedAt: '2026-11-26T01:00:00.000Z' },
        { historyId: 2, seal: { sealId: 1, name: '법인인감 1', type: 'CORPORATE' }, requestId: null, method: 'PHYSICAL', referenceType: 'CONTRACT', referenceId: 8, referenceTitle: '임대차계약', appliedBy: CUSTODIAN, appliedAt: '2026-11-26T02:00:00.000Z' },
      ])));
    const { router } = renderApp('/hanbit/seals/ledger');
    const table = await screen.findByRole('table', { name: '인감 사용 내역' }, { timeout: 8000 });
    expect(within(table).getByRole('link', { name: '용역계약 7' })).toHaveAttribute('href', '/hanbit/contracts/7');
    expect(within(table).getByRole('link', { name: '#12' })).toHaveAttribute('href', '/hanbit/seals/requests?tab=processed&request=12');
    expect(within(table).getByText('신청 없음')).toBeInTheDocument();
    expect(within(table).getByText('실물 날인')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '인감' }));
    await userEvent.click(await screen.findByRole('option', { name: '사용인감 A' }));
    await waitFor(() => expect(router.state.location.search).toBe('?seal=2'));
    await waitFor(() => expect(fake.calls(listUsageHistories).at(-1)!.query.get('sealId')).toBe('2'));
  });

  it('explains a 403 (neither a manager nor the custodian of the chosen seal)', { timeout: 30_000 }, async () => {
    signInWithSeals(MEMBER_PERMISSIONS).on(listSeals, ok(pageOf([]))).on(listUsageHistories, fail(403, 'ERROR_FORBIDDEN', 'no'));
    renderApp('/hanbit/seals/ledger');
    expect(await screen.findByText(/사용 내역은 인감 관리 권한이 있거나/, {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('the reconciliation report', () => {
  const report = {
    from: '2026-11-01', to: '2026-11-30', sealedContracts: 3, matched: 2,
    countsByKind: [{ kind: 'APPLIED_WITHOUT_APPROVAL', count: 1 }, { kind: 'APPROVED_NOT_USED', count: 1 }, { kind: 'USED_AFTER_DATE', count: 0 }, { kind: 'USED_MORE_THAN_APPROVED', count: 0 }],
    bySeal: [{ sealId: 1, name: '법인인감 1', applications: 3, mismatches: 2 }],
    mismatches: [
      { kind: 'APPLIED_WITHOUT_APPROVAL', seal: { sealId: 1, name: '법인인감 1' }, requestId: null, historyId: 2, referenceType: 'CONTRACT', referenceId: 8, referenceTitle: '임대차계약', date: '2026-11-26T02:00:00.000Z', detail: '긴급 날인' },
      { kind: 'APPROVED_NOT_USED', seal: { sealId: 1, name: '법인인감 1' }, requestId: 14, historyId: null, referenceType: null, referenceId: null, referenceTitle: null, date: '2026-11-20', detail: '승인 후 사용 안 함' },
    ],
  };

  it('shows the figures, the charts and the mismatches with links for the range in the address, and downloads it', { timeout: 45_000 }, async () => {
    const fake = signInWithSeals(MANAGER_PERMISSIONS, { canManageSeals: true })
      .on(getReconciliation, ok(report))
      .on(downloadReconciliation, () => new Response(new Blob(['xlsx']), { status: 200 }));
    renderApp('/hanbit/seals/reconciliation?from=2026-11-01&to=2026-11-30');
    const table = await screen.findByRole('table', { name: '불일치 목록' }, { timeout: 8000 });
    expect(fake.calls(getReconciliation)[0]!.query.toString()).toBe('from=2026-11-01&to=2026-11-30');
    expect(screen.getByLabelText('날인된 체결 계약 3')).toBeInTheDocument();
    expect(screen.getByLabelText('불일치 2')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: '인감별 날인과 불일치' })).getByRole('listitem', { name: '법인인감 1: 날인 3, 불일치 2' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: '불일치 종류별 건수' })).getByRole('listitem', { name: '승인 없이 날인: 1' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '임대차계약' })).toHaveAttribute('href', '/hanbit/contracts/8');
    expect(within(table).getByRole('link', { name: '#14' })).toHaveAttribute('href', '/hanbit/seals/requests?tab=processed&request=14');
    await userEvent.click(screen.getByRole('button', { name: '엑셀 다운로드' }));
    await waitFor(() => expect(fake.calls(downloadReconciliation)).toHaveLength(1));
    expect(fake.calls(downloadReconciliation)[0]!.query.get('from')).toBe('2026-11-01');
  });

  it('says there is no mismatch, and refuses a range that ends before it starts', { timeout: 45_000 }, async () => {
    const fake = signInWithSeals(MANAGER_PERMISSIONS, { canManageSeals: true }).on(getReconciliation, ok({ ...report, mismatches: [], countsByKind: [], matched: 3 }));
    renderApp('/hanbit/seals/reconciliation?from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('불일치가 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
    renderApp('/hanbit/seals/reconciliation?from=2026-12-01&to=2026-11-30');
    expect(await screen.findByText('시작일이 종료일보다 늦습니다.')).toBeInTheDocument();
    expect(fake.calls(getReconciliation)).toHaveLength(1);
  });
});

describe('the contract page\'s seal chip', () => {
  it('shows a mismatch from signatures/sync-status and links to the contract\'s request', { timeout: 60_000 }, async () => {
    const fake = signInWithSeals([...MEMBER_PERMISSIONS, 'contract.contract.write'])
      .on(getConhubContractV3, ok(detailOf({ status: 'EXECUTED' })))
      .on(getContractPermissions, ok(permissionsOf()))
      .on(getSignatureSyncStatus, ok({ status: 'MISMATCH', requests: [{ requestId: 12, status: 'APPLIED', sealName: '법인인감 1' }], applications: 2, envelopeStatus: 'COMPLETED' }));
    renderApp('/hanbit/contracts/7');
    const chip = await screen.findByRole('link', { name: '인감: 인감 불일치' }, { timeout: 20_000 });
    expect(chip).toHaveAttribute('href', '/hanbit/seals/requests?tab=mine&request=12');
    expect(fake.calls(getSignatureSyncStatus)[0]!.query.toString()).toBe('referenceType=CONTRACT&referenceId=7');
  });
});
