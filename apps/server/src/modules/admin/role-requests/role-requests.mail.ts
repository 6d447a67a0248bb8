import { defineMailTemplate, layout } from '../../../platform/mail/templates';

const workspacePath = (publicUrl: string, workspaceName: string, rest: string) => `${publicUrl}/${encodeURIComponent(workspaceName)}/${rest}`;

/** To an approver: a member asks for a role (ko/en, the approver's language). */
export const roleRequestCreatedMailTemplate = defineMailTemplate<{ workspaceName: string; requesterName: string; roleName: string; reason: string }>({
  name: 'admin.role-request.created',
  render(data, locale, env) {
    const url = workspacePath(env.publicUrl, data.workspaceName, 'admin/role-requests');
    if (locale === 'ko') {
      return {
        subject: `[${env.productName.ko}] ${data.requesterName} 님의 역할 요청: ${data.roleName}`,
        ...layout(locale, env, {
          heading: '새 역할 요청',
          paragraphs: [`${data.workspaceName} 워크스페이스의 ${data.requesterName} 님이 '${data.roleName}' 역할을 요청했습니다.`, `사유: ${data.reason}`],
          action: { label: '요청 검토', url },
        }),
      };
    }
    return {
      subject: `[${env.productName.en}] ${data.requesterName} requests the role ${data.roleName}`,
      ...layout(locale, env, {
        heading: 'New role request',
        paragraphs: [`${data.requesterName} in the ${data.workspaceName} workspace asks for the role '${data.roleName}'.`, `Reason: ${data.reason}`],
        action: { label: 'Review the request', url },
      }),
    };
  },
});

/** To the requester: their request was approved or rejected (ko/en, the requester's language). */
export const roleRequestDecidedMailTemplate = defineMailTemplate<{
  workspaceName: string;
  roleName: string;
  isApproved: boolean;
  deciderName: string;
  comment: string | null;
}>({
  name: 'admin.role-request.decided',
  render(data, locale, env) {
    const url = workspacePath(env.publicUrl, data.workspaceName, 'role-requests');
    if (locale === 'ko') {
      const outcome = data.isApproved ? '승인' : '거절';
      return {
        subject: `[${env.productName.ko}] 역할 요청 ${outcome}: ${data.roleName}`,
        ...layout(locale, env, {
          heading: `역할 요청이 ${outcome}되었습니다`,
          paragraphs: [
            `${data.workspaceName} 워크스페이스에서 요청한 '${data.roleName}' 역할을 ${data.deciderName} 님이 ${outcome}했습니다.`,
            ...(data.comment ? [`의견: ${data.comment}`] : []),
          ],
          action: { label: '내 역할 요청 보기', url },
        }),
      };
    }
    const outcome = data.isApproved ? 'approved' : 'rejected';
    return {
      subject: `[${env.productName.en}] Role request ${outcome}: ${data.roleName}`,
      ...layout(locale, env, {
        heading: `Your role request was ${outcome}`,
        paragraphs: [
          `${data.deciderName} ${outcome} your request for the role '${data.roleName}' in the ${data.workspaceName} workspace.`,
          ...(data.comment ? [`Comment: ${data.comment}`] : []),
        ],
        action: { label: 'See my role requests', url },
      }),
    };
  },
});
