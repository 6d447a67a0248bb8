import { FINDING_DECISION_CATALOGUE, FINDING_VERDICT_CATALOGUE, REVIEW_CONTRACT_TYPE_CATALOGUE, REVIEW_RISK_CATALOGUE } from '@legal/api';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { inScope } from '../../../platform/db/tenancy';
import { contentDisposition } from '../../../platform/http/content-disposition';
import type { RequestContext } from '../../../platform/http/context';
import { AppError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { memberDisplayNames } from '../../auth';
import { convertDocxToPdf, fileRevisions } from '../../files';
import { redlineDocx } from '../export/docx-redline';
import { findingsOf, requireReviewUse, reviewText, visibleReview } from './review.service';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

async function doneReview(services: AppServices, ctx: RequestContext, reviewId: number) {
  const review = await visibleReview(services, ctx, reviewId);
  if (review.status !== 'DONE') throw new AppError('ERROR_CONFLICT', { message: { ko: '검토가 끝난 뒤에 내려받을 수 있습니다.', en: 'Available once the review is done.' } });
  return review;
}

const baseName = (name: string) => name.replace(/\.[^.]+$/, '');

/** The contract with each accepted suggested edit as a Word tracked change; the original DOCX when the document is one. */
export async function exportContractDocx(services: AppServices, ctx: RequestContext, reviewId: number, reply: FastifyReply) {
  const { scope } = requireReviewUse(ctx);
  const review = await doneReview(services, ctx, reviewId);
  const text = (await reviewText(services.db, scope, review)) ?? '';
  const accepted = (await findingsOf(services.db, scope, review.id)).filter((f) => f.decision === 'ACCEPTED' && f.suggestedEdit);
  const edits = accepted
    .map((f) => {
      const edit = f.suggestedEdit!;
      const insert = edit.text[review.language];
      if (edit.replaceStart === null || edit.replaceEnd === null) return { start: text.length, end: text.length, insert: `\n${insert}` };
      return { start: edit.replaceStart, end: edit.replaceEnd, insert };
    })
    .sort((a, b) => a.start - b.start)
    // Two accepted edits of one clause: the first one wins (a redline cannot replace a span twice).
    .filter((e, i, all) => i === 0 || e.start >= all[i - 1]!.end);
  const [rev] = await services.db
    .select({ fileType: fileRevisions.fileType, storageKey: fileRevisions.storageKey })
    .from(fileRevisions)
    .where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, review.fileId), eq(fileRevisions.revision, review.revision)))
    .limit(1);
  const original = rev?.fileType === 'docx' ? { kind: 'docx' as const, bytes: await streamToBuffer(await services.storage.get(rev.storageKey)) } : { kind: 'text' as const };
  const deciders = await memberDisplayNames(services.db, scope, accepted.map((f) => f.decidedByUserId));
  const author = deciders.get(accepted[0]?.decidedByUserId ?? -1) ?? 'Legal Suite AI Review';
  const bytes = await redlineDocx({ original, text, edits, author, date: new Date(), title: baseName(review.fileName) });
  return reply
    .header('content-type', DOCX_TYPE)
    .header('content-disposition', contentDisposition(`${baseName(review.fileName)}_redline.docx`))
    .header('cache-control', 'private, no-cache')
    .send(bytes);
}

const nameOf = <C extends string>(list: Array<{ code: C; name: { ko: string; en: string } }>, code: C, locale: 'ko' | 'en') => list.find((x) => x.code === code)?.name[locale] ?? code;

/**
 * The review as a report in the caller's language: summary, then each finding with evidence, legal
 * basis and decision. DOCX, or that same document as PDF through LibreOffice (the files module's
 * converter: 503 ERROR_PDF_CONVERTER_UNAVAILABLE where it is not installed).
 */
export async function exportReviewReport(services: AppServices, ctx: RequestContext, reviewId: number, format: 'PDF' | 'DOCX', reply: FastifyReply) {
  const { scope } = requireReviewUse(ctx);
  const review = await doneReview(services, ctx, reviewId);
  const findings = await findingsOf(services.db, scope, review.id);
  const names = await memberDisplayNames(services.db, scope, findings.map((f) => f.decidedByUserId));
  const l = ctx.locale;
  const t = (ko: string, en: string) => (l === 'ko' ? ko : en);
  const p = (text: string, bold = false) => new Paragraph({ children: [new TextRun({ text, bold })] });
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(t('AI 계약 검토 보고서', 'AI contract review report'))] }),
    p(`${t('문서', 'Document')}: ${review.fileName} (rev. ${review.revision})`),
    p(`${t('계약 유형', 'Contract type')}: ${nameOf(REVIEW_CONTRACT_TYPE_CATALOGUE, review.contractType, l)} · ${t('입장', 'Position')}: ${review.position}`),
    p(`${t('검토 완료', 'Finished')}: ${review.finishedAt?.toISOString() ?? ''}`),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(t('요약', 'Summary'))] }),
    ...(review.summary?.keyPoints ?? []).map((k) => p(`• ${k.text}`)),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(t('검토 결과', 'Findings'))] }),
  ];
  for (const f of findings) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(`[${nameOf(FINDING_VERDICT_CATALOGUE, f.verdict, l)} · ${nameOf(REVIEW_RISK_CATALOGUE, f.risk, l)}] ${f.question[l]}`)] }));
    children.push(p(f.explanation[l]));
    for (const e of f.evidence) children.push(p(`${t('근거 문구', 'Evidence')}: "${e.text}"`));
    for (const b of f.legalBasis) children.push(p(`${t('법적 근거', 'Legal basis')}: ${b.lawName} ${b.article}${b.articleTitle ? ` ${b.articleTitle}` : ''}`));
    if (f.suggestedEdit) children.push(p(`${t('수정 제안', 'Suggested edit')}: ${f.suggestedEdit.text[l]}`));
    const decider = f.decidedByUserId !== null ? (names.get(f.decidedByUserId) ?? '') : '';
    children.push(p(`${t('결정', 'Decision')}: ${nameOf(FINDING_DECISION_CATALOGUE, f.decision, l)}${decider ? ` (${decider})` : ''}${f.decisionReason ? ` — ${f.decisionReason}` : ''}`, true));
  }
  const docx = await Packer.toBuffer(new Document({ creator: 'Legal Suite', title: t('AI 계약 검토 보고서', 'AI contract review report'), sections: [{ children }] }));
  const bytes = format === 'PDF' ? await convertDocxToPdf(docx) : docx;
  return reply
    .header('content-type', format === 'PDF' ? 'application/pdf' : DOCX_TYPE)
    .header('content-disposition', contentDisposition(`${baseName(review.fileName)}_${t('검토보고서', 'review-report')}.${format.toLowerCase()}`))
    .header('cache-control', 'private, no-cache')
    .send(bytes);
}
