import { type Collection, type CollectionDocument, createCollection, listCollectionDocuments, listCollectionsV2, queryCollection } from '@legal/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { signInResearcher } from './research.test-support';

const page = <T,>(content: T[]) => ({ content, page: 0, size: 100, totalElements: content.length, totalPages: 1 });

const MEMOS: Collection = {
  categoryId: 7, name: '하도급 메모', description: '협력업체 검토 메모', visibility: 'WORKSPACE', ownerUserId: 41, ownerName: '김민준',
  documentCount: 1, indexedDocumentCount: 0, pendingDocumentCount: 1, totalBytes: 2048, createdAt: '2026-11-27T01:00:00.000Z', updatedAt: '2026-11-27T01:00:00.000Z',
  abilities: { canEdit: true, canUpload: true, canDeleteDocuments: true },
};

const DOC: CollectionDocument = {
  documentId: 31, categoryId: 7, title: '대금 지급 검토.pdf', fileKey: 'AbCdEfGhIjKlMnOpQrStUv', fileType: 'pdf', size: 2048, status: 'PENDING', error: null,
  pageCount: null, passageCount: 0, uploadedByUserId: 41, createdAt: '2026-11-27T01:00:00.000Z', indexedAt: null,
};

describe('collections page', () => {
  afterEach(() => FakeXhr.reset());

  it('lists the collections, opens one and follows a document from indexing to searchable', async () => {
    let calls = 0;
    const fake = signInResearcher()
      .on(listCollectionsV2, ok(page([MEMOS])))
      .on(listCollectionDocuments, () => {
        calls += 1;
        return ok(page([calls === 1 ? DOC : { ...DOC, status: 'INDEXED', pageCount: 3, passageCount: 5 }]));
      });
    renderApp('/hanbit/business-agent/collections');
    const list = await screen.findByRole('list', { name: '컬렉션 목록' }, { timeout: 15000 });
    fireEvent.click(within(list).getByText('하도급 메모'));
    expect(await screen.findByRole('heading', { name: '하도급 메모', level: 2 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '문서' });
    expect(within(table).getByText('색인 중')).toBeInTheDocument();
    // The list is asked for again while a document is PENDING, until it is searchable.
    expect(await within(table).findByText('검색 가능', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(listCollectionDocuments).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the empty state, creates a collection and says why a save failed', async () => {
    const fake = signInResearcher()
      .on(listCollectionsV2, ok(page([])))
      .on(createCollection, fail(409, 'ERROR_CONFLICT', '같은 이름의 컬렉션이 이미 있습니다.', { reason: 'DUPLICATE_NAME' }));
    renderApp('/hanbit/business-agent/collections');
    expect(await screen.findByText('아직 컬렉션이 없습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '새 컬렉션' }));
    const dialog = await screen.findByRole('dialog', { name: '새 컬렉션' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '이름' }), { target: { value: '하도급 메모' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: '워크스페이스 전체' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('같은 이름의 컬렉션이 이미 있습니다.')).toBeInTheDocument();
    expect(fake.calls(createCollection)[0]!.body).toEqual({ name: '하도급 메모', visibility: 'WORKSPACE' });
  });

  it('uploads with a progress bar, and searches within the collection with page citations', async () => {
    const fake = signInResearcher()
      .on(listCollectionsV2, ok(page([{ ...MEMOS, pendingDocumentCount: 0, indexedDocumentCount: 1 }])))
      .on(listCollectionDocuments, ok(page([{ ...DOC, status: 'INDEXED', pageCount: 3 }])))
      .on(queryCollection, ok({
        categoryId: 7, passages: [],
        answer: { text: '…', declined: false, citations: [{ categoryId: 7, categoryName: '하도급 메모', documentId: 31, documentTitle: '대금 지급 검토.pdf', pageNumber: 2, quote: '60일 이내에 지급한다', start: 10, end: 21 }] },
      }));
    renderApp('/hanbit/business-agent/collections?collection=7');
    await userEvent.upload(await screen.findByLabelText('올릴 문서', {}, { timeout: 8000 }), new File(['memo'], 'memo.txt', { type: 'text/plain' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.url).toContain('/api/aistudio/categories/7/documents/by-file/v1');
    act(() => xhr.progress(512, 1024));
    expect(await screen.findByText('50%')).toBeInTheDocument();
    act(() => xhr.respond(200, { code: 'SUCCESS', message: null, data: { ...DOC, documentId: 32, title: 'memo.txt' } }));
    await waitFor(() => expect(screen.queryByText('50%')).not.toBeInTheDocument());

    fireEvent.change(screen.getByRole('textbox', { name: '이 컬렉션에서 검색' }), { target: { value: '대금 지급 기한' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    const answer = await screen.findByLabelText('컬렉션의 답변');
    expect(within(answer).getByText('대금 지급 검토.pdf 2쪽')).toBeInTheDocument();
    expect(within(answer).getByText('60일 이내에 지급한다')).toBeInTheDocument();
    expect(fake.calls(queryCollection)[0]!.body).toEqual({ query: '대금 지급 기한', limit: 8 });
  });

  it('tells a member without the research permission, without calling for collections', async () => {
    const fake = signInResearcher({}, []);
    renderApp('/hanbit/business-agent/collections');
    expect(await screen.findByText('접근 권한이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(listCollectionsV2)).toHaveLength(0);
  });

  it('shows an error state when the collections cannot be read', async () => {
    signInResearcher().on(listCollectionsV2, fail(500, 'ERROR_INTERNAL', '일시적인 오류가 발생했습니다.'));
    renderApp('/hanbit/business-agent/collections');
    expect(await screen.findByText('일시적인 오류가 발생했습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
