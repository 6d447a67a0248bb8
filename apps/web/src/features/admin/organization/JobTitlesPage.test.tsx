import { type JobItem, jobPositionRoutes, jobTitleRoutes } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../../lib/api/fake-xhr';
import { fail, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { pageOf, signInAdmin } from './organization.test-support';

const item = (id: number, name: string, displayOrder: number, memberCount = 0): JobItem => ({ id, name, displayOrder, memberCount, createdAt: '2026-11-20T01:00:00.000Z' });
const titles = [item(1, '팀장', 0, 3), item(2, '파트장', 1), item(3, '실장', 2)];

function serve() {
  return signInAdmin()
    .on(jobTitleRoutes.list, ok(pageOf(titles, 1000)))
    .on(jobPositionRoutes.list, ok(pageOf([], 1000)))
    .on(jobTitleRoutes.reorder, ok(titles))
    .on(jobTitleRoutes.remove, ok(null))
    .on(jobTitleRoutes.create, fail(409, 'ERROR_CONFLICT', '같은 이름의 직책이 이미 있습니다.', { field: 'name' }));
}

describe('the job titles and positions page', { timeout: 60_000 }, () => {
  afterEach(() => FakeXhr.reset());

  it('shows both lists in order, reorders, and deletes an item in use only after saying members lose it', async () => {
    const fake = serve();
    renderApp('/hanbit/admin/job-titles');
    const list = await screen.findByRole('list', { name: '직책' }, { timeout: 8000 });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('팀장'), expect.stringContaining('파트장'), expect.stringContaining('실장')]);
    expect(screen.getByText('직위가 없습니다')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: '팀장 위로 옮기기' })).toBeDisabled();

    await userEvent.click(within(list).getByRole('button', { name: '실장 위로 옮기기' }));
    await waitFor(() => expect(fake.calls(jobTitleRoutes.reorder)).toHaveLength(1));
    expect(fake.calls(jobTitleRoutes.reorder)[0]!.body).toEqual({ orderedIds: [1, 3, 2] });

    await userEvent.click(within(list).getByRole('button', { name: '팀장 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '직책 삭제' });
    expect(within(dialog).getByText(/'팀장'을\(를\) 가진 구성원이 3명 있습니다/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(jobTitleRoutes.remove)).toHaveLength(1));
    expect(fake.calls(jobTitleRoutes.remove)[0]!.path).toBe('/api/workspace/job-titles/1/v1');
    expect(fake.calls(jobTitleRoutes.remove)[0]!.query.get('clearFromMembers')).toBe('true');
  });

  it('checks a new name with the shared schema and shows a name the server says is taken', async () => {
    const fake = serve();
    renderApp('/hanbit/admin/job-titles');
    const input = await screen.findByRole('textbox', { name: '새 직책 이름' }, { timeout: 8000 });
    const section = input.closest('section')!;
    await userEvent.click(within(section).getByRole('button', { name: '추가' }));
    expect(await within(section).findByText('입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(jobTitleRoutes.create)).toHaveLength(0);
    await userEvent.type(input, '팀장');
    await userEvent.click(within(section).getByRole('button', { name: '추가' }));
    expect(await within(section).findByText('이미 쓰이는 이름입니다.')).toBeInTheDocument();
    expect(fake.calls(jobTitleRoutes.create)[0]!.body).toEqual({ name: '팀장' });
  });
});
