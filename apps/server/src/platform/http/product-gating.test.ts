import { PRODUCT_TYPES, type ProductType, type RouteDescriptor } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../../modules/auth/auth.test-support';
import { createTestApp, type TestApp } from '../../test/harness';
import { ROUTE_TABLE } from './route';

let t: TestApp;
let routes: RouteDescriptor[];
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  await t.app.ready();
  routes = t.app[ROUTE_TABLE];
});
afterAll(() => t.close());

const sample = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, '1');

/** A workspace with every product but `missing`, and its admin (who holds every permission). */
async function adminOfWorkspaceWithout(missing: ProductType) {
  const ws = await newWorkspace(t, { products: PRODUCT_TYPES.filter((p) => p !== missing) });
  const admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN'] });
  return { ws, headers: workspaceHeaders(ws, await signIn(t, admin.loginId)) };
}

describe('product gating', () => {
  const gatedProducts = () => [...new Set(routes.flatMap((r) => (r.product ? [r.product] : [])))];

  it('has routes for at least the contract repository (CLM)', () => {
    expect(gatedProducts()).toContain('CLM');
  });

  it("answers 403 ERROR_PRODUCT_NOT_AVAILABLE on every route of a product the workspace lacks, even for its admin", async () => {
    for (const product of gatedProducts()) {
      const { headers } = await adminOfWorkspaceWithout(product);
      for (const route of routes.filter((r) => r.product === product)) {
        const res = await t.app.inject({ method: route.method, url: sample(route.path), headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
        expect(`${route.method} ${route.path} ${res.statusCode} ${res.json().code}`).toBe(`${route.method} ${route.path} 403 ERROR_PRODUCT_NOT_AVAILABLE`);
        expect(res.json()).toMatchObject({ data: { product } });
      }
    }
  });

  it('lets the same admin through once the product is added in the workspace settings, and out again when removed', async () => {
    const { headers } = await adminOfWorkspaceWithout('CLM');
    const list = () => t.app.inject({ method: 'POST', url: '/api/alex/contracts/page-search/v4', headers, payload: {} });
    expect((await list()).json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');

    const put = (products: ProductType[]) => t.app.inject({ method: 'PUT', url: '/api/workspace/settings/v1', headers, payload: { products } });
    expect((await put([...PRODUCT_TYPES])).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    expect((await put(['AI_REVIEW'])).statusCode).toBe(200);
    expect((await list()).json().code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');
  });

  it('leaves routes without a product (files, workspace administration) open in such a workspace', async () => {
    const { headers } = await adminOfWorkspaceWithout('CLM');
    expect((await t.app.inject({ method: 'GET', url: '/api/arxive/files/v1', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/settings/v1', headers })).statusCode).toBe(200);
  });

  it('still answers 401 before the product check for a caller without a session, and 403 for a non-member', async () => {
    const { ws } = await adminOfWorkspaceWithout('CLM');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/alex/contracts/page-search/v4', headers: workspaceHeaders(ws), payload: {} });
    expect(anonymous.json().code).toBe('ERROR_UNAUTHORIZED');
    const outsider = await newUser(t);
    const other = await t.app.inject({ method: 'POST', url: '/api/alex/contracts/page-search/v4', headers: workspaceHeaders(ws, await signIn(t, outsider.loginId)), payload: {} });
    expect(other.json().code).toBe('ERROR_FORBIDDEN');
  });
});
