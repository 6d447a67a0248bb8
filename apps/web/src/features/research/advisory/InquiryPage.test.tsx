import { createAdvisoryDraft, downloadAdvisoryDraft, getInquiry, getStatuteVersion } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { fail, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { ARTICLE_13, CITATION, QUOTE, signInResearcher, versionOf } from '../research.test-support';
import { detailOf, draftOf, inquiryOf, SIMILAR, SIMILAR_UNANSWERED } from './advisory.test-support';

const DETAIL = '/hanbit/business-agent/advisory/9';
const MODEL_TEXT = '협력업체 부품 대금은 목적물 수령일부터 60일 이내에 지급해야 합니다.';

describe('advisory inquiry', { timeout: 30_000 }, () => {
  it('shows the question, the similar inquiries with their score and answer on demand, and the drafts newest first', async () => {
    signInResearcher().on(
      getInquiry,
      ok(detailOf({
        similar: [SIMILAR, SIMILAR_UNANSWERED, { ...inquiryOf(1, '사무실 임대차 갱신'), score: 0.004 }],
        drafts: [
          draftOf(2, { engine: 'MODEL', text: MODEL_TEXT, correctedReferences: 1, creditsCharged: 3, similar: [], createdAt: '2026-11-27T03:00:00.000Z' }),
          draftOf(1),
        ],
      })),
    );
    renderApp(DETAIL);
    expect(await screen.findByRole('heading', { name: '부품 대금 지급기한', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('아직 기록된 회신이 없습니다. 아래에서 회신 초안을 만들어 보세요.')).toBeInTheDocument();

    const similar = screen.getByRole('list', { name: '유사 자문' });
    const items = within(similar).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['하도급대금 지급기한 문의', '납품 검수 기간 문의', '사무실 임대차 갱신']);
    expect(within(items[0]!).getByRole('progressbar', { name: '유사도 82%' })).toHaveAttribute('aria-valuenow', '82');
    expect(within(items[0]!).getByRole('link', { name: '하도급대금 지급기한 문의' })).toHaveAttribute('href', '/hanbit/business-agent/advisory/3');
    expect(within(items[0]!).queryByText(SIMILAR.answer!)).not.toBeInTheDocument();
    fireEvent.click(within(items[0]!).getByRole('button', { name: '회신 보기' }));
    expect(within(items[0]!).getByText(SIMILAR.answer!)).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: '회신 접기' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(items[1]!).getByText('기록된 회신 없음')).toBeInTheDocument();
    // Something in common, but less than a percent: not shown as 0%.
    expect(within(items[2]!).getByRole('progressbar', { name: '유사도 1% 미만' })).toBeInTheDocument();

    const drafts = within(screen.getByRole('feed', { name: '회신 초안' })).getAllByRole('article');
    expect(drafts).toHaveLength(2);
    // Newest first: the model's reply, its corrected references and credits.
    expect(within(drafts[0]!).getByText('AI 모델 작성')).toBeInTheDocument();
    expect(within(drafts[0]!).getByText(MODEL_TEXT)).toBeInTheDocument();
    expect(within(drafts[0]!).getByText('인용 1건 정정됨')).toBeInTheDocument();
    expect(within(drafts[0]!).getByText('크레딧 3')).toBeInTheDocument();
    // The built-in outline: the question restated, each article with its quote, the similar answered inquiries.
    expect(within(drafts[1]!).getByText('기본 엔진 개요')).toBeInTheDocument();
    expect(within(drafts[1]!).getByText('질의 요지')).toBeInTheDocument();
    expect(within(drafts[1]!).getByText(QUOTE)).toBeInTheDocument();
    expect(within(drafts[1]!).queryByText(/정정됨/)).not.toBeInTheDocument();
    expect(within(drafts[1]!).getByRole('list', { name: '참고한 유사 자문 1건' })).toBeInTheDocument();
  });

  it('drafts a reply with a progress bar; its citation chip opens the article with the quote marked', async () => {
    let release: () => void = () => undefined;
    const fake = signInResearcher()
      .on(getInquiry, ok(detailOf()))
      .on(createAdvisoryDraft, () => new Promise<Response>((resolve) => { release = () => resolve(ok(draftOf(5))); }))
      .on(getStatuteVersion, ok(versionOf([ARTICLE_13])));
    renderApp(DETAIL);
    expect(await screen.findByText('아직 초안이 없습니다.', {}, { timeout: 15_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '회신 초안 만들기' }));
    expect(await screen.findByRole('progressbar', { name: '근거 조문과 유사 자문을 찾아 초안을 만드는 중…' })).toBeInTheDocument();
    await waitFor(() => expect(fake.calls(createAdvisoryDraft)).toHaveLength(1));
    expect(fake.calls(createAdvisoryDraft)[0]!.path).toBe('/api/aistudio/similar-advisory/inquires/9/drafts/v1');
    release();
    const draft = await screen.findByRole('article', { name: /초안$/ });
    expect(screen.queryByRole('progressbar', { name: /초안을 만드는 중/ })).not.toBeInTheDocument();
    // The drafts are not read again: the new one is put on top.
    expect(fake.calls(getInquiry)).toHaveLength(1);

    fireEvent.click(within(draft).getByRole('button', { name: /하도급거래 공정화에 관한 법률 제13조 ① · 2025. 1. 21. 시행/ }));
    const panel = await screen.findByRole('dialog', { name: '하도급거래 공정화에 관한 법률 제13조 ①' });
    const article = await within(panel).findByRole('region', { name: '인용 조문' });
    expect(article.querySelector('mark[data-quoted]')?.textContent).toBe(QUOTE);
    expect(Object.fromEntries(fake.calls(getStatuteVersion)[0]!.query)).toEqual({ lawSerialNumber: CITATION.lawSerialNumber, article: '제13조' });
  });

  it('says why a draft failed and drafts again on retry', async () => {
    let attempt = 0;
    const fake = signInResearcher()
      .on(getInquiry, ok(detailOf()))
      .on(createAdvisoryDraft, () => {
        attempt += 1;
        return attempt === 1 ? fail(402, 'ERROR_INSUFFICIENT_CREDITS', '크레딧이 부족합니다.') : ok(draftOf(6));
      });
    renderApp(DETAIL);
    fireEvent.click(await screen.findByRole('button', { name: '회신 초안 만들기' }, { timeout: 15_000 }));
    expect(await screen.findByText('초안을 만들지 못했습니다')).toBeInTheDocument();
    expect(screen.getByText('크레딧이 부족합니다.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('article', { name: /초안$/ })).toBeInTheDocument();
    expect(screen.queryByText('초안을 만들지 못했습니다')).not.toBeInTheDocument();
    expect(fake.calls(createAdvisoryDraft)).toHaveLength(2);
  });

  it('downloads a draft as DOCX under the inquiry\'s title, and says so when the download fails', async () => {
    let attempt = 0;
    const fake = signInResearcher()
      .on(getInquiry, ok(detailOf({ title: '부품/대금 지급기한', drafts: [draftOf(4)] })))
      .on(downloadAdvisoryDraft, () => {
        attempt += 1;
        return attempt === 1
          ? new Response(new Blob(['docx bytes']), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } })
          : fail(404, 'ERROR_NOT_FOUND', '요청한 대상을 찾을 수 없습니다.');
      });
    const createObjectURL = vi.fn(() => 'blob:draft');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp(DETAIL);
    const download = await screen.findByRole('button', { name: 'DOCX 내려받기' }, { timeout: 15_000 });
    fireEvent.click(download);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(fake.calls(downloadAdvisoryDraft)[0]!.body).toEqual({ inquiryId: 9, draftId: 4 });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('부품_대금 지급기한_회신초안.docx');

    await waitFor(() => expect(download).not.toHaveAttribute('data-loading'));
    fireEvent.click(download);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('DOCX를 내려받지 못했습니다');
    expect(failure).toHaveTextContent('요청한 대상을 찾을 수 없습니다.');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows an inquiry of another workspace as not found, with the way back to the list', async () => {
    signInResearcher().on(getInquiry, fail(404, 'ERROR_NOT_FOUND', '요청한 대상을 찾을 수 없습니다.'));
    renderApp(DETAIL);
    expect(await screen.findByText('요청한 대상을 찾을 수 없습니다.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← 자문 질의 목록' })).toHaveAttribute('href', '/hanbit/business-agent/advisory');
  });

  it('speaks English: the empty similar state and the draft button', async () => {
    signInResearcher().on(getInquiry, ok(detailOf({ similar: [] })));
    await changeLocale('en');
    try {
      renderApp(DETAIL);
      expect(await screen.findByText('No similar earlier inquiry', {}, { timeout: 15_000 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Draft a reply' })).toBeInTheDocument();
    } finally {
      await changeLocale('ko');
    }
  });
});
