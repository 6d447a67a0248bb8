import { WordAccessPathSchema } from '@legal/api';
import { Document, Packer, Paragraph } from 'docx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { newWorkspace } from '../../modules/auth/auth.test-support';
import { caller, createContract, type Person, person, type Workspace } from '../../modules/contracts/contracts.test-support';
import { fileBody } from '../../modules/files/files.test-support';
import { redactUrl } from './log-serializers';

/** Issue 13 item 7: the credentials that ride in URLs never reach the request log in clear. */

let t: TestApp;
let ws: Workspace;
let owner: Person;

beforeAll(async () => {
  t = await createTestApp({ env: { WORD_EDITOR_URL: 'https://office.example.test/browser/dist/cool.html?' } });
  ws = await newWorkspace(t);
  owner = await person(t, ws, ['GENERAL_MEMBER'], '김민준');
});
afterAll(() => t.close());

const linesOf = (reqId: string) => t.logs.lines.filter((l) => l.reqId === reqId);

describe('request log redaction on the real app', () => {
  it('keeps the personal iCal feed token out of the log', async () => {
    const made = await caller(t, () => ws)(owner, 'POST', '/api/conhub/reminders/ical-feed/v1');
    expect(made.statusCode, made.body).toBe(200);
    const path = new URL(made.json().data.url as string).pathname;
    const token = /\/ical\/([^/]+)\/v1$/.exec(path)![1]!;

    const res = await t.app.inject({ method: 'GET', url: path, headers: { 'x-request-id': 'ical-feed-0001' } });
    expect(res.statusCode, res.body).toBe(200);
    const lines = linesOf('ical-feed-0001');
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(lines.find((l) => l.msg === 'incoming request')).toMatchObject({ req: { method: 'GET', url: '/api/conhub/reminders/ical/[redacted]/v1' } });
  });

  it('keeps the Word editor access_token out of the log, on a call that works and one that fails', async () => {
    const contract = await createContract(t, owner, { title: '로그 가림 계약' });
    const doc = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('제1조 목적')] }] }));
    const body = fileBody(doc, '계약서.docx');
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/conhub/contracts/${contract.id}/documents/v1`, headers: { ...owner.headers, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const access = await caller(t, () => ws)(owner, 'GET', `/api/conhub/contracts/${contract.id}/documents/word/access-path/v1`);
    expect(access.statusCode, access.body).toBe(200);
    const { accessToken } = WordAccessPathSchema.parse(access.json().data);
    const fileId = uploaded.json().data.fileKey as string;

    const info = await t.app.inject({ method: 'GET', url: `/api/conhub/wopi/files/${fileId}?access_token=${encodeURIComponent(accessToken)}&access_token_ttl=0`, headers: { 'x-request-id': 'wopi-ok-0001' } });
    expect(info.statusCode, info.body).toBe(200);
    const forged = `${accessToken.slice(0, -4)}AAAA`;
    const refused = await t.app.inject({ method: 'GET', url: `/api/conhub/wopi/files/${fileId}/contents?access_token=${forged}`, headers: { 'x-request-id': 'wopi-bad-0001' } });
    expect(refused.statusCode).toBe(401);

    for (const [reqId, secret] of [['wopi-ok-0001', accessToken], ['wopi-bad-0001', forged]] as const) {
      const lines = linesOf(reqId);
      expect(lines.length, reqId).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(lines), reqId).not.toContain(secret);
      expect(JSON.stringify(lines), reqId).not.toContain(encodeURIComponent(secret));
    }
    // The rest of the line stays useful: path, file id and harmless parameters.
    expect(linesOf('wopi-ok-0001').find((l) => l.msg === 'incoming request')).toMatchObject({
      req: { url: `/api/conhub/wopi/files/${fileId}?access_token=[redacted]&access_token_ttl=0` },
    });
  });
});

describe('redactUrl', () => {
  it('redacts every credential-bearing parameter, by name and by suffix, and nothing else', () => {
    const cases: Array<[string, string]> = [
      ['/a?token=t1&code=c1&state=s1&page=2', '/a?token=[redacted]&code=[redacted]&state=[redacted]&page=2'],
      ['/a?ACCESS_TOKEN=x&refresh_token=y&id_token=z', '/a?ACCESS_TOKEN=[redacted]&refresh_token=[redacted]&id_token=[redacted]'],
      ['/a?key=k&api_key=k&apikey=k&signature=s&sig=s', '/a?key=[redacted]&api_key=[redacted]&apikey=[redacted]&signature=[redacted]&sig=[redacted]'],
      ['/a?password=p&secret=s&client_secret=s&otp=123456', '/a?password=[redacted]&secret=[redacted]&client_secret=[redacted]&otp=[redacted]'],
      ['/a?inviteToken=i&resetPassword=r&X-Amz-Signature=abc&X-Amz-Credential=AKIA', '/a?inviteToken=[redacted]&resetPassword=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]'],
      ['/a?acc%65ss_token=x&fileKey=f1&size=10', '/a?acc%65ss_token=[redacted]&fileKey=f1&size=10'],
      ['/api/conhub/reminders/ical/AbC-_123/v1', '/api/conhub/reminders/ical/[redacted]/v1'],
      ['/api/conhub/reminders/ical-feed/v1', '/api/conhub/reminders/ical-feed/v1'],
      ['/api/alex/contracts/12/v6?sort=title,asc', '/api/alex/contracts/12/v6?sort=title,asc'],
    ];
    for (const [url, expected] of cases) expect(redactUrl(url), url).toBe(expected);
    expect(redactUrl('fetch failed for https://idp.example/jwks?key=abc')).toBe('fetch failed for https://idp.example/jwks?key=[redacted]');
  });
});
