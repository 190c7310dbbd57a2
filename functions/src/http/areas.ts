import type { Area } from '@kehila/shared';
import { routes } from '@kehila/shared';

/** Areas that have routes in the contract; each is one Lambda function (`http/<area>/index.ts`). */
export function areasWithRoutes(): Area[] {
  return [...new Set(Object.values(routes).map((r) => r.area))].sort();
}

/** Source entry of an area's handler, relative to the functions workspace. */
export function areaEntry(area: Area): string {
  return `src/http/${area}/index.ts`;
}
