import fs from 'node:fs';
import path from 'node:path';
import type { ContractType } from '@legal/api';

export type ExampleLanguage = 'ko' | 'en';

export interface ContractExample {
  /** Path under examples/. */
  file: string;
  language: ExampleLanguage;
  contractType: ContractType;
}

/**
 * The labelled examples, each type decided by reading the contract (examples/README.md for the
 * sources). Borderline calls, written down: a SaaS subscription, a cloud service agreement and a
 * pilot grant the right to use software (LICENSE); the personal-data processing contract and the
 * DPA entrust work with data to another (OUTSOURCING); advertising agency and management consulting
 * are services (SERVICE); joint R&D is a partnership; a letter of intent is an MOU.
 */
export const CONTRACT_EXAMPLES: readonly ContractExample[] = [
  { file: 'ko/01-software-development-services.md', language: 'ko', contractType: 'SERVICE' },
  { file: 'ko/02-goods-supply-master-agreement.md', language: 'ko', contractType: 'SUPPLY' },
  { file: 'ko/03-mutual-nda.md', language: 'ko', contractType: 'NDA' },
  { file: 'ko/04-one-way-nda.md', language: 'ko', contractType: 'NDA' },
  { file: 'ko/05-saas-subscription-agreement.md', language: 'ko', contractType: 'LICENSE' },
  { file: 'ko/06-employment-contract.md', language: 'ko', contractType: 'EMPLOYMENT' },
  { file: 'ko/07-commercial-lease.md', language: 'ko', contractType: 'LEASE' },
  { file: 'ko/08-manufacturing-subcontract.md', language: 'ko', contractType: 'SUBCONTRACT' },
  { file: 'ko/09-mou.md', language: 'ko', contractType: 'MOU' },
  { file: 'ko/10-personal-data-processing-outsourcing.md', language: 'ko', contractType: 'OUTSOURCING' },
  { file: 'ko/11-joint-research-development.md', language: 'ko', contractType: 'PARTNERSHIP' },
  { file: 'ko/12-distribution-dealer-agreement.md', language: 'ko', contractType: 'DISTRIBUTION' },
  { file: 'ko/13-advertising-agency-agreement.md', language: 'ko', contractType: 'SERVICE' },
  { file: 'ko/14-management-consulting-agreement.md', language: 'ko', contractType: 'SERVICE' },
  { file: 'en/common-paper-mutual-nda.md', language: 'en', contractType: 'NDA' },
  { file: 'en/common-paper-one-way-nda.txt', language: 'en', contractType: 'NDA' },
  { file: 'en/bonterms-mutual-nda.txt', language: 'en', contractType: 'NDA' },
  { file: 'en/common-paper-cloud-service-agreement.txt', language: 'en', contractType: 'LICENSE' },
  { file: 'en/common-paper-software-license-agreement.txt', language: 'en', contractType: 'LICENSE' },
  { file: 'en/common-paper-pilot-agreement.txt', language: 'en', contractType: 'LICENSE' },
  { file: 'en/common-paper-professional-services-agreement.txt', language: 'en', contractType: 'SERVICE' },
  { file: 'en/common-paper-independent-contractor-agreement.txt', language: 'en', contractType: 'SERVICE' },
  { file: 'en/openagreements-employment-offer-letter.txt', language: 'en', contractType: 'EMPLOYMENT' },
  { file: 'en/common-paper-partnership-agreement.txt', language: 'en', contractType: 'PARTNERSHIP' },
  { file: 'en/common-paper-letter-of-intent.txt', language: 'en', contractType: 'MOU' },
  { file: 'en/common-paper-amendment.txt', language: 'en', contractType: 'AMENDMENT' },
  { file: 'en/common-paper-data-processing-agreement.txt', language: 'en', contractType: 'OUTSOURCING' },
];

/** The examples folder, found from this file in the sources and beside the bundle. */
export function examplesFolder(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 8; i++) {
    for (const candidate of [path.join(dir, 'examples'), path.join(dir, 'src', 'modules', 'ai-review', 'similarity', 'examples'), path.join(dir, 'apps', 'server', 'src', 'modules', 'ai-review', 'similarity', 'examples')]) {
      if (fs.existsSync(path.join(candidate, 'README.md')) && fs.existsSync(path.join(candidate, 'ko'))) return candidate;
    }
    dir = path.dirname(dir);
  }
  throw new Error('contract-type examples folder (modules/ai-review/similarity/examples) not found');
}

export function readExample(example: ContractExample): string {
  return fs.readFileSync(path.join(examplesFolder(), example.file), 'utf8');
}
