import { AnalyticsRangeQuerySchema, STEP_CODES, type StepCode } from '@legal/api';

/**
 * The dashboard's filters as they live in the address, e.g. `?from=2026-01-01&to=2026-03-31&step=APPROVAL`:
 * the range of the contract counts and the cycle times (Korean calendar dates; the server's 90 days
 * up to today when absent) and the step whose cycle times are broken down by type and group.
 */
export interface DashboardFilters {
  from: string;
  to: string;
  step: StepCode;
}

export const DEFAULT_BREAKDOWN_STEP: StepCode = 'LEGAL_REVIEW';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readDashboardFilters(params: URLSearchParams): DashboardFilters {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  const step = params.get('step') ?? '';
  return { from: date('from'), to: date('to'), step: (STEP_CODES as readonly string[]).includes(step) ? (step as StepCode) : DEFAULT_BREAKDOWN_STEP };
}

export function writeDashboardFilters(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.step !== DEFAULT_BREAKDOWN_STEP) params.set('step', filters.step);
  return params;
}

/** The range query of both calls; absent dates are left to the server's defaults. */
export function dashboardRange(filters: DashboardFilters): { dateStart?: string; dateEnd?: string } {
  return { ...(filters.from ? { dateStart: filters.from } : {}), ...(filters.to ? { dateEnd: filters.to } : {}) };
}

/** The field the range is wrong in ('dateEnd': before the start or a year or more after it), or null. */
export function rangeProblem(filters: DashboardFilters): string | null {
  const parsed = AnalyticsRangeQuerySchema.safeParse(dashboardRange(filters));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid');
}
