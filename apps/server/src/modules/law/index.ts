import { defineModule } from '../../platform/module';
import { lawJobs, scheduleStatuteImport } from './law.jobs';
import { registerLawRoutes } from './law.routes';
import * as lawTables from './law.table';

/**
 * Korean statutes in the version the product ships (apps/server/law-data/current): imported into
 * global tables on first use and in the background at start-up; read by AI review for legal bases.
 */
export const lawModule = defineModule({
  name: 'law',
  product: null,
  routes(app, services) {
    registerLawRoutes(app, services);
  },
  jobs: lawJobs(),
  schedule: (services) => scheduleStatuteImport(services),
  tables: lawTables,
});

export { findArticle, resolveLegalBasis, type FoundArticle, type LawReference } from './law.service';
export { findStatuteEntry, LAW_ALIASES } from './law.data';
export { articleInVersion, findVersionInForce, listStoredVersions } from './law.versions';
// Read by the research module (passages are built from these tables; statutes are imported on demand).
export { ensureStatute } from './law.service';
export { importCorpus } from './law.import';
export { lawIndex, type LawIndexEntry } from './law.data';
export { parseStatute } from './law.parser';
// Read by standard forms (the redline between two template versions).
export { diffWords, tokenize } from './law.diff';
export { lawArticles, lawStatutes } from './law.table';
/** Statute-change alerts and AI review's legal bases: how a cited article reads in later versions. */
export {
  articleChange, articleRefKey, type ArticleChange, comparedArticles, newerArticleVersions, versionChanges, versionsOfStatutes,
} from './law.changes';
export { compareVersions } from './law.versions';
export { type ArticleRef, citedAmong, citedRefsIn, citesAnyWhere, hasElementWhere } from './law.refs';
/** The decree and rule articles implementing an article (the statute-change alerts). */
export { implementingArticles, type LowerStatuteLinks, lowerTitlesOf, versionsByTitle } from './law.implementing';
