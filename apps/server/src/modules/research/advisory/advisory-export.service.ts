import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../../platform/http/content-disposition';
import type { RequestContext } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { articleLabel } from '../answer';
import { requireResearchUse } from '../research.policy';
import { inquiryDraft, workspaceInquiry } from './advisory.repo';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The draft as a DOCX in the caller's language: the question, the draft, every cited article quoted, the similar inquiries. */
export async function downloadDraft(services: AppServices, ctx: RequestContext, body: { inquiryId: number; draftId: number }, reply: FastifyReply) {
  const { scope } = requireResearchUse(ctx);
  const inquiry = await workspaceInquiry(services.db, scope, body.inquiryId);
  const draft = await inquiryDraft(services.db, scope, inquiry.id, body.draftId);
  const t = (ko: string, en: string) => (ctx.locale === 'ko' ? ko : en);
  const p = (text: string, bold = false) => new Paragraph({ children: [new TextRun({ text, bold })] });
  const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel] = HeadingLevel.HEADING_1) => new Paragraph({ heading: level, children: [new TextRun(text)] });
  const lines = (text: string) => text.split('\n').map((line) => p(line));

  const children: Paragraph[] = [
    heading(t('자문 회신 초안', 'Draft advisory reply'), HeadingLevel.TITLE),
    p(`${t('제목', 'Title')}: ${inquiry.title}`),
    p(`${t('기준일', 'As of')}: ${draft.asOf} · ${t('작성', 'Drafted')}: ${draft.createdAt.toISOString()} · ${draft.engine === 'MODEL' ? t('AI 모델', 'AI model') : t('기본 엔진', 'Built-in engine')}`),
    heading(t('질의', 'Question')),
    ...lines(inquiry.question),
  ];
  if (draft.text) children.push(heading(t('회신 초안', 'Draft reply')), ...lines(draft.text));
  children.push(heading(t('관련 조문', 'Relevant articles')));
  if (draft.citations.length === 0) children.push(p(t('제공된 법령에서 근거 조문을 찾지 못했습니다.', 'No basis was found in the provided statutes.')));
  for (const c of draft.citations) {
    children.push(p(`${articleLabel(c)} (${c.effectiveDate} ${t('시행', 'in force')})`, true), ...lines(c.quote));
  }
  if (draft.similar.length > 0) {
    children.push(heading(t('유사 자문 사례', 'Similar inquiries')));
    for (const s of draft.similar) {
      children.push(p(`${s.title} (${t('유사도', 'similarity')} ${s.score})`, true), ...lines(`${t('질의', 'Question')}: ${s.question}`), ...lines(`${t('회신', 'Reply')}: ${s.answer ?? ''}`));
    }
  }
  const bytes = await Packer.toBuffer(new Document({ creator: 'Legal Suite', title: inquiry.title, sections: [{ children }] }));
  return reply
    .header('content-type', DOCX_TYPE)
    .header('content-disposition', contentDisposition(`${inquiry.title}_${t('회신초안', 'draft-reply')}.docx`))
    .header('cache-control', 'private, no-cache')
    .send(bytes);
}
