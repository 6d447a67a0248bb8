import type { BuiltInPresetType } from '../workflow.presets';

/**
 * The demo workflows (SEED_DEMO_CONTENT): the demo contracts the contracts module's catalogue marks
 * IN_REVIEW, IN_APPROVAL or IN_SIGNING (contracts/demo/contract-demo.catalogue.ts, by title), each
 * started by its owner and taken by the workspace's people to where the status says, so that the
 * dashboard's open items, the to-do lists and "who it waits on" have something to show:
 *
 * - waiting for assignment (the assigners' to-do), a review assigned to reviewer@ with a comment
 *   mentioning the requester, one with the outside lawyer, a completed review waiting for its
 *   requester to set the approval line, an approval waiting on approver@, a signing waiting on
 *   its owner (the "to be executed" tab).
 */

export type DemoStep =
  | { kind: 'ASSIGN'; by: string; reviewers: string[]; comment?: string }
  | { kind: 'COMPLETE_REVIEW'; by: string; comment?: string }
  | { kind: 'COMMENT'; by: string; comment: string; mentions: string[] };

export interface DemoWorkflow {
  /** The demo contract's title in its workspace; its owner is the requester. */
  title: string;
  presetType: BuiltInPresetType;
  message: string;
  /** The desired review deadline, in days from the day of seeding. */
  reviewDeadlineInDays?: number;
  /** The approval line given at the start, one approver a line. */
  approvers?: string[];
  /** What happens after the request, in order. */
  steps: DemoStep[];
}

const HANBIT: DemoWorkflow[] = [
  {
    title: 'Starlight Health 상호 비밀유지계약',
    presetType: 'LEGAL_REVIEW',
    message: '싱가포르 법인과의 상호 NDA입니다. 중재 조항과 비밀유지 기간 위주로 검토 부탁드립니다.',
    reviewDeadlineInDays: 7,
    steps: [],
  },
  {
    title: '고객센터 개인정보 처리업무 위탁계약',
    presetType: 'LEGAL_REVIEW_AND_APPROVAL',
    message: '고객센터 위탁 전에 개인정보 처리 위탁계약 검토를 요청드립니다.',
    reviewDeadlineInDays: 5,
    approvers: ['approver@hanbit.example'],
    steps: [
      { kind: 'ASSIGN', by: 'assigner@hanbit.example', reviewers: ['reviewer@hanbit.example'], comment: '개인정보 쟁점이라 이서연 변호사님께 배정합니다.' },
      { kind: 'COMMENT', by: 'reviewer@hanbit.example', comment: '개인정보 보호법 제26조의 재위탁 제한 조항이 빠져 있습니다. 수탁사와 협의 가능한지 확인 부탁드립니다.', mentions: ['member@hanbit.example'] },
    ],
  },
  {
    title: 'Professional Services Agreement (Bluefin Consulting)',
    presetType: 'LEGAL_REVIEW',
    message: 'Please review the fees, acceptance and IP clauses before we sign with Bluefin.',
    reviewDeadlineInDays: 10,
    steps: [{ kind: 'ASSIGN', by: 'assigner@hanbit.example', reviewers: ['lawyer@hanbit.example'], comment: '외부 자문 변호사님께 영문 계약 검토를 맡깁니다.' }],
  },
  {
    title: 'Services Agreement (ScoutCam)',
    presetType: 'LEGAL_REVIEW_AND_APPROVAL',
    message: 'Services agreement with ScoutCam: please check the liability cap.',
    steps: [
      { kind: 'ASSIGN', by: 'assigner@hanbit.example', reviewers: ['reviewer@hanbit.example'] },
      { kind: 'COMPLETE_REVIEW', by: 'reviewer@hanbit.example', comment: 'No blocking issues; the liability cap is 12 months of fees. Please set the approval line.' },
    ],
  },
  {
    title: 'AI Addendum to the Cloudnine subscription',
    presetType: 'APPROVAL',
    message: 'AI addendum: no training on our data. Please approve.',
    approvers: ['approver@hanbit.example'],
    steps: [],
  },
  {
    title: 'Strategic Alliance Agreement (Turnkey Capital)',
    presetType: 'SIGNING',
    message: '제휴 조건 합의가 끝났습니다. 서명본을 받아 등록하겠습니다.',
    steps: [],
  },
];

/** Per demo workspace, the workflows to start. */
export const DEMO_WORKFLOW_WORKSPACES: ReadonlyArray<{ workspace: string; workflows: readonly DemoWorkflow[] }> = [{ workspace: 'hanbit', workflows: HANBIT }];
