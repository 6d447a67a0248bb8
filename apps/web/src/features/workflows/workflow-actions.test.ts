import { actOnCurrentStep, recallApproval, skipApproval, skipSigning, WORKFLOW_ACTIONS } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { signInAs } from '../contracts/contracts.test-support';
import { ACTION_ORDER, formOf, performAction } from './workflow-actions';
import { workflowOf } from './workflows.test-support';

describe('workflow actions', () => {
  it('asks for what each action needs and orders every action', () => {
    expect(formOf('ASSIGN')).toBe('assign');
    expect(formOf('REASSIGN')).toBe('assign');
    expect(formOf('RETURN')).toBe('commentRequired');
    expect(formOf('REJECT')).toBe('commentRequired');
    expect(formOf('SKIP_APPROVAL')).toBe('reasonRequired');
    expect(formOf('CANCEL')).toBe('reasonRequired');
    expect(formOf('COMPLETE_SIGNING')).toBe('executedCopy');
    expect(formOf('APPROVE')).toBe('commentOptional');
    expect([...ACTION_ORDER].sort()).toEqual([...WORKFLOW_ACTIONS].sort());
  });

  it('sends skips and a recall from approval through their own calls, with the revision', async () => {
    const workflow = workflowOf({ revision: 12, processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL' });
    const fake = signInAs(['contract.contract.read'])
      .on(skipApproval, ok(workflow))
      .on(skipSigning, ok(workflow))
      .on(recallApproval, ok(workflow))
      .on(actOnCurrentStep, ok(workflow));
    await performAction(workflow, { action: 'SKIP_APPROVAL', stepCode: 'APPROVAL', comment: ' 대표 결재 완료 ' });
    expect(fake.calls(skipApproval)[0]!).toMatchObject({ path: '/api/conhub/contracts/7/approvals/skipped/v2', body: { reason: '대표 결재 완료', revision: 12 } });
    await performAction(workflow, { action: 'SKIP_SIGNING', stepCode: 'SIGNING', comment: '전자서명으로 진행' });
    expect(fake.calls(skipSigning)[0]!.body).toEqual({ reason: '전자서명으로 진행', revision: 12 });
    await performAction(workflow, { action: 'RECALL', stepCode: 'APPROVAL' });
    expect(fake.calls(recallApproval)[0]!).toMatchObject({ path: '/api/conhub/approvals/workflows/900/recall/v1', body: { revision: 12 } });
    // A recall before approval is an action at the current step.
    await performAction(workflow, { action: 'RECALL', stepCode: 'LEGAL_REVIEW', comment: '자료 보완' });
    expect(fake.calls(actOnCurrentStep)[0]!.body).toEqual({ stepCode: 'LEGAL_REVIEW', actionId: 'RECALL', revision: 12, comment: '자료 보완', fileKeys: [], mentionUserIds: [] });
  });
});
