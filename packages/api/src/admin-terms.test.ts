import { describe, expect, it } from 'vitest';
import { effectiveTermType, isPrivacyPolicyTitle, normalizeTermTitle, PRIVACY_POLICY_TITLES } from './admin-terms';

describe('privacy-policy titles (product-spec 9)', () => {
  it('recognises the four titles as written', () => {
    expect(PRIVACY_POLICY_TITLES).toHaveLength(4);
    for (const title of PRIVACY_POLICY_TITLES) expect(isPrivacyPolicyTitle(title)).toBe(true);
  });

  it('ignores case and surrounding, repeated or unusual white space', () => {
    expect(isPrivacyPolicyTitle('  privacy   POLICY ')).toBe(true);
    expect(isPrivacyPolicyTitle('PRIVACY\tNOTICE')).toBe(true);
    expect(isPrivacyPolicyTitle('개인정보\u00a0처리방침')).toBe(true);
    expect(isPrivacyPolicyTitle('개인정보\u3000\u3000처리방침\n')).toBe(true);
    expect(isPrivacyPolicyTitle('개인정보처리방침')).toBe(true);
  });

  it('compares composed and decomposed Hangul alike', () => {
    expect(isPrivacyPolicyTitle('개인정보처리방침'.normalize('NFD'))).toBe(true);
  });

  it('does not recognise other or longer titles', () => {
    for (const title of ['서비스 이용약관', 'Privacy', 'Privacy Policy (draft)', '개인정보 수집·이용 동의', 'PrivacyPolicy', '', '   ']) {
      expect(isPrivacyPolicyTitle(title), title).toBe(false);
    }
  });

  it('normalises white space and case only', () => {
    expect(normalizeTermTitle('  Privacy \n Policy ')).toBe('privacy policy');
  });

  it('makes a privacy-policy title a PRIVACY_POLICY whatever type was chosen', () => {
    expect(effectiveTermType('Privacy Notice', 'MARKETING')).toBe('PRIVACY_POLICY');
    expect(effectiveTermType('서비스 이용약관', 'SERVICE')).toBe('SERVICE');
    expect(effectiveTermType('마케팅 정보 수신', 'PRIVACY_POLICY')).toBe('PRIVACY_POLICY');
  });
});
