/** The cast of the workflow engine's HTTP tests (not a test file itself). */
import { type Workflow, WorkflowSchema } from '@legal/api';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { caller, type Person, person, type Workspace } from '../contracts/contracts.test-support';

export interface WorkflowCast {
  ws: Workspace;
  /** Another workspace: its super manager is the cross-tenant caller. */
  other: Workspace;
  member: Person;
  assigner: Person;
  reviewer: Person;
  approver1: Person;
  approver2: Person;
  manager: Person;
  /** A general member who is not part of the contract. */
  stranger: Person;
  outsider: Person;
  call: ReturnType<typeof caller>;
}

/** A workspace with the legal roles and one person of each, and a second workspace's super manager. */
export async function workflowCast(t: TestApp): Promise<WorkflowCast> {
  const ws = await newWorkspace(t, { extraRoles: ['LEGAL_REVIEWER', 'LEGAL_ASSIGNER', 'LEGAL_APPROVER'] });
  const other = await newWorkspace(t);
  return {
    ws,
    other,
    member: await person(t, ws, ['GENERAL_MEMBER'], '김민준'),
    assigner: await person(t, ws, ['LEGAL_ASSIGNER'], '박지훈'),
    reviewer: await person(t, ws, ['LEGAL_REVIEWER'], '이서연'),
    approver1: await person(t, ws, ['LEGAL_APPROVER'], '최수아'),
    approver2: await person(t, ws, ['LEGAL_APPROVER'], '오지원'),
    manager: await person(t, ws, ['LEGAL_MANAGER'], '한지민'),
    stranger: await person(t, ws, ['GENERAL_MEMBER'], '정도윤'),
    outsider: await person(t, other, ['SUPER_MANAGER'], '송예린'),
    call: caller(t, () => ws),
  };
}

/** A 200 answer's workflow, checked against its schema. */
export async function okWorkflow(res: { statusCode: number; body: string; json: () => { data: unknown } }): Promise<Workflow> {
  expect(res.statusCode, res.body).toBe(200);
  return WorkflowSchema.parse(res.json().data);
}
