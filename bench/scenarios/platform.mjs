/** Platform scenarios. Later issues add files beside this one; each exports `scenarios`. */
export const scenarios = [
  { name: 'health', method: 'GET', path: '/api/health', target: { minRps: 5000 } },
  { name: 'hello (envelope + locale)', method: 'GET', path: '/api/aireview/hello', headers: { 'x-locale': 'en' } },
  { name: 'not found (error path)', method: 'GET', path: '/api/does-not-exist', expectStatus: 404 },
];
