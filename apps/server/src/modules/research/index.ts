import { defineModule } from '../../platform/module';
import { researchJobs, scheduleIndexing } from './research.jobs';
import { registerResearchRoutes } from './research.routes';
import * as advisoryTables from './advisory/advisory.table';
import { collectionJobs } from './collections/collection-index';
import { registerCollectionFileAccess } from './collections/collections.access';
import * as collectionTables from './collections/collections.table';
import * as researchTables from './research.table';
import * as userPromptTables from './user/user-prompts.table';
import * as settingsTables from './admin/research-settings.table';
import './research.audit';

/**
 * Legal research (aistudio): questions answered from article-level passages of the statute corpus
 * in the version in force on the date asked about, every cited article checked by the citation gate.
 */
export const researchModule = defineModule({
  name: 'research',
  product: 'AI_STUDIO',
  routes: registerResearchRoutes,
  jobs: [...researchJobs(), ...collectionJobs()],
  schedule: (services) => scheduleIndexing(services),
  tables: { ...researchTables, ...advisoryTables, ...collectionTables, ...userPromptTables, ...settingsTables },
  attachments: registerCollectionFileAccess,
});

/** The statute-change alerts: answers citing an article (across workspaces, for the detection job) and who may see one. */
export { type CitingAnswer, readableAnswerWhere, unscopedAnswersCiting, unscopedCitedByAnswers } from './citing-answers';
/** The statute-change alerts: advisory drafts and library documents citing an article, and who may see one. */
export { type CitingDraft, readableDraftWhere, unscopedCitedByDrafts, unscopedDraftsCiting } from './advisory/citing-drafts';
export {
  type CitingDocument, readableDocumentWhere, unscopedBackfillDocumentMentions, unscopedDocumentsMentioning, unscopedMentionedArticles,
} from './collections/citing-documents';
export type { DocumentMention } from './collections/collections.table';
/** Research use (ai.research.use) and the caller's scope: the statute-change alerts live in the research area. */
export { AI_RESEARCH_USE, koreanToday, requireResearchUse } from './research.policy';
