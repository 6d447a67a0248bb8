import { describe, expect, it } from 'vitest';
import { drfArticle, drfDate, drfText } from './drf-client';

describe('reading the law Open API values', () => {
  it('reads the date spellings of the source as ISO dates', () => {
    expect(drfDate('20250605')).toBe('2025-06-05');
    expect(drfDate('2025.06.05')).toBe('2025-06-05');
    expect(drfDate('2025. 6. 5.')).toBe('2025-06-05');
    expect(drfDate('2025-06-05')).toBe('2025-06-05');
    expect(drfDate('')).toBeNull();
    expect(drfDate('미상')).toBeNull();
    expect(drfDate(null)).toBeNull();
  });

  it('turns the markup into text with line breaks, entities decoded', () => {
    expect(drfText('<br/>[1] 가 &amp; 나<br/>&lt;개정&gt;  <br/><br/><br/>끝')).toBe('[1] 가 & 나\n<개정>\n\n끝');
    expect(drfText('<p></p>')).toBeNull();
  });

  it('splits an article into its key, title and text', () => {
    expect(drfArticle('제3조의2(정의) 이 규칙에서 "사업자"란')).toEqual({ key: '제3조의2', title: '정의', text: '이 규칙에서 "사업자"란' });
    expect(drfArticle('부칙 이 규칙은 공포한 날부터 시행한다.')).toEqual({ key: '', title: null, text: '부칙 이 규칙은 공포한 날부터 시행한다.' });
    expect(drfArticle('제1조(목적) 목적', '목적의 제목')).toMatchObject({ key: '제1조', title: '목적의 제목' });
  });
});
