export type { CheckpointRule, LawReference, LocalizedPatterns, LocalizedText, PlaybookCheckpoint } from './playbook.types';
export { STARTER_PLAYBOOK } from './starter';
export { CONTRACT_TYPE_POSITIONS } from './positions';
export { QUESTION_EXAMPLES } from './question-examples';
