import { z } from 'zod';
import { PERMISSION_CATALOGUE, PERMISSION_NAMES, type PermissionName } from './auth-roles';

// ---------------------------------------------------------------------------------------------
// Permissions: the catalogue of packages/api auth.ts, with Korean texts and areas for the matrix
// ---------------------------------------------------------------------------------------------

/** Permissions a workspace role may hold: the catalogue without super_admin.* (a super-admin session grants those). */
export type GrantablePermission = Exclude<PermissionName, `super_admin.${string}`>;
export const GRANTABLE_PERMISSIONS = PERMISSION_NAMES.filter((p): p is GrantablePermission => !p.startsWith('super_admin.'));

export const GrantablePermissionSchema = z
  .enum(PERMISSION_NAMES, { error: 'not in the permission catalogue' })
  .refine((p) => !p.startsWith('super_admin.'), 'super_admin permissions are granted by a super-admin session, never by a workspace role');
export const PermissionSetSchema = z.array(GrantablePermissionSchema).max(PERMISSION_NAMES.length);

/** Korean descriptions of the catalogue (the English ones are PERMISSION_CATALOGUE's). */
export const PERMISSION_DESCRIPTIONS_KO: Record<GrantablePermission, string> = {
  'contract.contract.read': '참여한 계약 열람',
  'contract.contract.write': '계약 작성과 수정',
  'contract.contract.admin': '워크스페이스의 모든 계약 관리(담당자 이관, 삭제, 일괄 등록)',
  'contract.group_contract.read': '소속 그룹의 계약 열람',
  'contract.all_contract.read': '워크스페이스의 모든 계약 열람',
  'approval.approval.read': '배정된 결재 열람',
  'approval.approval.approve': '결재 승인과 반려',
  'legal.review.read': '법무 검토 요청 열람',
  'legal.review.review': '법무 검토자로서 계약 검토',
  'legal.review.assign': '법무 검토자 배정',
  'legal.review.approve': '법무 검토 승인',
  'litigation.litigation.read': '소송 열람',
  'litigation.litigation.own': '소송 담당, 수정과 종결',
  'consulting.consulting.read': '자문 열람',
  'consulting.consulting.write': '자문 요청과 답변',
  'consulting.consulting.approve': '자문 검토 승인',
  'standard_form.form.read': '표준 서식 라이브러리 사용',
  'standard_form.form.write': '표준 서식과 템플릿 작성, 수정',
  'file.file.read': '워크스페이스 파일 열람과 다운로드',
  'file.file.write': '파일과 새 판 업로드, 내 파일 이름 변경과 삭제',
  'file.file.admin': '워크스페이스의 모든 파일 삭제와 복원',
  'ai.review.use': 'AI 계약 검토',
  'ai.research.use': '법률 리서치 채팅',
  'seal.seal.read': '인장 조회와 사용 요청',
  'seal.seal.manage': '인장 관리',
  'seal.usage.approve': '인장 사용 요청 승인',
  'esign.document.send': '전자서명 문서 발송',
  'workspace.admin.access': '관리자 콘솔 접속',
  'workspace.user.read': '워크스페이스 사용자 목록 조회',
  'workspace.user.write': '사용자 초대, 변경과 비활성화',
  'workspace.role.write': '역할과 역할 요청 관리',
  'workspace.group.write': '그룹, 조직도, 직책과 직위 관리',
  'workspace.notice.write': '공지사항 게시',
  'workspace.term.write': '약관과 동의 관리',
  'workspace.config.write': '워크스페이스 설정, 테마와 보안 정책 변경',
  'workspace.subscription.read': '구독, 크레딧과 사용량 조회',
  'workspace.order.publish': '주문 발행(요금제, 크레딧, 저장 공간)',
  'workspace.order.pay': '주문 결제와 결제 수단 관리',
  'workspace.api_key.write': 'API 키 관리',
  'workspace.deletion.request': '워크스페이스 삭제 요청',
  'workspace.audit.read': '감사 로그 열람과 내보내기',
};

/** Areas of the matrix: the first segment of a permission name, in this order. */
export const PERMISSION_AREAS: Record<string, { ko: string; en: string }> = {
  contract: { ko: '계약', en: 'Contracts' },
  approval: { ko: '결재', en: 'Approvals' },
  legal: { ko: '법무 검토', en: 'Legal review' },
  litigation: { ko: '소송', en: 'Litigation' },
  consulting: { ko: '자문', en: 'Consulting' },
  standard_form: { ko: '표준 서식', en: 'Standard forms' },
  file: { ko: '파일', en: 'Files' },
  ai: { ko: 'AI', en: 'AI' },
  seal: { ko: '인장', en: 'Seals' },
  esign: { ko: '전자서명', en: 'E-signing' },
  workspace: { ko: '워크스페이스 관리', en: 'Workspace administration' },
};

const LocalizedTextSchema = z.object({ ko: z.string(), en: z.string() });
export const PermissionCatalogueSchema = z.object({
  areas: z.array(
    z.object({
      area: z.string(),
      label: LocalizedTextSchema,
      permissions: z.array(z.object({ name: z.string(), description: LocalizedTextSchema })),
    }),
  ),
});
export type PermissionCatalogue = z.infer<typeof PermissionCatalogueSchema>;

/** The grantable permissions grouped by area, in catalogue order (what GET permissions/v1 answers). */
export function permissionCatalogue(): PermissionCatalogue {
  const areas = new Map<string, PermissionCatalogue['areas'][number]>();
  for (const name of GRANTABLE_PERMISSIONS) {
    const area = name.split('.')[0] ?? name;
    if (!areas.has(area)) areas.set(area, { area, label: PERMISSION_AREAS[area] ?? { ko: area, en: area }, permissions: [] });
    areas.get(area)!.permissions.push({ name, description: { ko: PERMISSION_DESCRIPTIONS_KO[name], en: PERMISSION_CATALOGUE[name] } });
  }
  const order = Object.keys(PERMISSION_AREAS);
  const rank = (area: string) => (order.includes(area) ? order.indexOf(area) : order.length);
  return { areas: [...areas.values()].sort((a, b) => rank(a.area) - rank(b.area)) };
}
