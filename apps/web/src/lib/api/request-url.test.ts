import { describe, expect, it } from 'vitest';
import { buildUrl, serviceBase } from './request-url';

describe('request urls', () => {
  it('puts each service under {host}/api/{service}', () => {
    expect(serviceBase('', 'aireview')).toBe('/api/aireview');
    expect(serviceBase('https://app.example.com/', 'alex')).toBe('https://app.example.com/api/alex');
  });

  it('repeats array keys and drops empty values', () => {
    expect(buildUrl('', '/api/alex/contracts/v6', { page: 0, size: 10, sort: ['title,asc', 'id,desc'], q: undefined, tag: null }))
      .toBe('/api/alex/contracts/v6?page=0&size=10&sort=title%2Casc&sort=id%2Cdesc');
    expect(buildUrl('', '/api/alex/contracts/v6', { keyword: '손해배상' })).toBe(
      `/api/alex/contracts/v6?keyword=${encodeURIComponent('손해배상')}`,
    );
    expect(buildUrl('', '/api/health')).toBe('/api/health');
  });

  it('refuses relative paths', () => {
    expect(() => buildUrl('', 'api/health')).toThrow(/absolute/);
  });
});
