import { getLegalHierarchy, getStatuteImportStatus, getStatuteVersion, listStatuteHistoriesV2, searchStatutes } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { ARTICLE_13, ARTICLE_13_TEXT, articleOf, signInResearcher, SUBCONTRACT_ACT, SUBCONTRACT_DECREE, V_2019, V_2025, versionOf } from './research.test-support';

const IDLE = { state: 'DONE', totalFiles: 90, importedFiles: 90, statutes: 160, versions: 400, articles: 9000, startedAt: null, finishedAt: null, error: null };
const ARTICLE_1 = articleOf('제1조', '이 법은 공정한 하도급거래질서를 확립하여 ... 목적으로 한다.', '(목적)');
const OLD_13 = articleOf('제13조', ARTICLE_13_TEXT.replace('60일', '90일'), '(하도급대금의 지급 등)');

function serveBrowser() {
  return signInResearcher()
    .on(getStatuteImportStatus, ok(IDLE))
    .on(searchStatutes, ok([SUBCONTRACT_ACT, SUBCONTRACT_DECREE]))
    .on(getStatuteVersion, (call) =>
      call.query.get('lawSerialNumber') === V_2019.lawSerialNumber
        ? ok(versionOf([ARTICLE_1, OLD_13], { ...SUBCONTRACT_ACT, lawSerialNumber: V_2019.lawSerialNumber, effectiveDate: V_2019.effectiveDate }))
        : call.query.get('lawSerialNumber') === SUBCONTRACT_DECREE.lawSerialNumber
          ? ok(versionOf([articleOf('제7조', '법 제13조제1항에 따른 지급기일은 ...', '(지급기일)')], SUBCONTRACT_DECREE))
          : ok(versionOf([{ ...ARTICLE_1, heading: '제1장 총칙' }, { ...ARTICLE_13, heading: '제2장 하도급거래 > 제1절 대금' }])),
    )
    .on(listStatuteHistoriesV2, ok({
      statuteId: '2245', title: SUBCONTRACT_ACT.title, kind: '법률',
      versions: [{ ...V_2025, changedArticles: ['제13조'] }, { ...V_2019, changedArticles: [] }],
    }))
    .on(getLegalHierarchy, ok({
      act: SUBCONTRACT_ACT, decree: SUBCONTRACT_DECREE, rule: null,
      links: [{ from: { lawSerialNumber: '270001', kind: '시행령', article: '제7조', articleTitle: '(지급기일)' }, to: { lawSerialNumber: '265959', kind: '법률', article: '제13조', paragraph: 1 } }],
    }));
}

describe('statute browser', () => {
  it('searches, opens a statute and reads an article from its table of contents (all in the URL)', async () => {
    const fake = serveBrowser();
    const { router } = renderApp('/hanbit/business-agent/statutes');
    fireEvent.change(await screen.findByRole('textbox', { name: '법령 이름' }, { timeout: 8000 }), { target: { value: '하도급법' } });
    fireEvent.change(screen.getByLabelText('시행 기준일 (선택)'), { target: { value: '2025-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    const results = await screen.findByRole('list', { name: '검색 결과' });
    expect(Object.fromEntries(fake.calls(searchStatutes)[0]!.query)).toEqual({ keyword: '하도급법', inForceOn: '2025-03-01' });
    expect(within(results).getAllByRole('button')).toHaveLength(2);

    fireEvent.click(within(results).getByRole('button', { name: /하도급거래 공정화에 관한 법률$|^법률 하도급거래 공정화에 관한 법률 2025/ }));
    expect(await screen.findByRole('heading', { name: '하도급거래 공정화에 관한 법률', level: 2 })).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: '조문 목차' });
    // The contents are grouped under the articles' chapter and section headings.
    expect(within(toc).getByText('제1장 총칙')).toBeInTheDocument();
    expect(within(toc).getByText('제1절 대금')).toBeInTheDocument();
    fireEvent.click(within(toc).getByRole('button', { name: '제13조 (하도급대금의 지급 등)' }));
    const article = await screen.findByRole('region', { name: '조문 보기' });
    expect(within(article).getByText(/60일 이내의 가능한 짧은 기한/)).toBeInTheDocument();
    expect(within(article).getByText('제2장 하도급거래 > 제1절 대금')).toBeInTheDocument();
    expect(router.state.location.search).toContain('mst=265959');
    expect(router.state.location.search).toContain('article=%EC%A0%9C13%EC%A1%B0');
  });

  it('draws the versions on a timeline with the articles each changed, and opens an older version', async () => {
    const fake = serveBrowser();
    const { router } = renderApp('/hanbit/business-agent/statutes?mst=265959&tab=history');
    const timeline = await screen.findByRole('list', { name: '시행 버전 연혁' }, { timeout: 8000 });
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(within(items[0]!).getByText('2025. 1. 21. 시행')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: '제13조' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('본문 조문 변경 없음')).toBeInTheDocument();
    expect(fake.calls(listStatuteHistoriesV2)[0]!.path).toBe('/api/aistudio/statutes/2245/histories/v2');

    fireEvent.click(within(items[1]!).getByRole('button', { name: '이 버전 보기' }));
    await waitFor(() => expect(router.state.location.search).toContain('mst=210001'));
    expect(router.state.location.search).toContain('tab=articles');
    expect(await screen.findByText(/2019. 1. 1. 시행/)).toBeInTheDocument();
  });

  it('lists the Act, Decree and Rule and the implementing articles as links that open them', async () => {
    serveBrowser();
    const { router } = renderApp('/hanbit/business-agent/statutes?mst=265959&tab=hierarchy');
    const family = await screen.findByRole('navigation', { name: '법령 체계' }, { timeout: 8000 });
    expect(within(family).getAllByRole('button').map((b) => b.textContent)).toEqual(['법률 · 하도급거래 공정화에 관한 법률', '시행령 · 하도급거래 공정화에 관한 법률 시행령']);
    const links = screen.getByRole('list', { name: '하도급거래 공정화에 관한 법률 시행령의 위임 조문' });
    fireEvent.click(within(links).getByRole('button', { name: '시행령 제7조 (지급기일)' }));
    await waitFor(() => expect(router.state.location.search).toContain('mst=270001'));
    expect(await screen.findByRole('region', { name: '조문 보기' })).toHaveTextContent('법 제13조제1항에 따른 지급기일은');
  });

  it('shows the import progress while the corpus is being imported, and its failure', async () => {
    const fake = serveBrowser().on(getStatuteImportStatus, ok({ ...IDLE, state: 'RUNNING', importedFiles: 30, articles: 3000 }));
    renderApp('/hanbit/business-agent/statutes');
    const bar = await screen.findByRole('progressbar', { name: '법령 데이터 가져오는 중: 파일 30/90, 조문 3000개' }, { timeout: 8000 });
    expect(bar).toHaveAttribute('aria-valuenow', '33');
    fake.on(getStatuteImportStatus, ok({ ...IDLE, state: 'FAILED', error: 'law-data/current/foo.xml: 읽을 수 없습니다' }));
    expect(await screen.findByText('law-data/current/foo.xml: 읽을 수 없습니다', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows an empty result and a failed statute', async () => {
    serveBrowser().on(searchStatutes, ok([])).on(getStatuteVersion, fail(404, 'ERROR_NOT_FOUND', '법령을 찾을 수 없습니다.'));
    renderApp('/hanbit/business-agent/statutes?q=없는법&mst=999');
    expect(await screen.findByText('일치하는 법령이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('법령을 찾을 수 없습니다.')).toBeInTheDocument();
  });
});
