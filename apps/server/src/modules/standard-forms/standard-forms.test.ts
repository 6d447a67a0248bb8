import { StandardFormDetailSchema } from '@legal/api';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE, createForm, formCast } from './standard-forms.test-support';

const cast = await formCast();
const { t, writer, requester } = cast;
afterAll(() => t.close());

describe('standard forms: create and read', () => {
  it('creates a form from a DOCX with its variables', async () => {
    const form = await createForm(t, writer, { activeStatus: 'ACTIVE' });
    expect(form.latestVersion).toBe(1);
    expect(form.variables.map((v) => v.key)).toEqual(['계약명', '상대방', '금액', '시작일', '종료일', '비밀유지']);
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/${form.standardFormId}/v2`, headers: requester.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(StandardFormDetailSchema.parse(res.json().data).abilities).toEqual({ edit: false, draft: true });
  });
});
