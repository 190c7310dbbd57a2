import { mergeUses, routes, type AnyRoute, type Area, type RouteUses } from '@kehila/shared';
import type { PortName } from '../core/deps';

/** Areas that have routes in the contract; each is one Lambda function (`http/<area>/index.ts`). */
export function areasWithRoutes(): Area[] {
  return [...new Set(Object.values(routes).map((r) => r.area))].sort();
}

/** Source entry of an area's handler, relative to the functions workspace. */
export function areaEntry(area: Area): string {
  return `src/http/${area}/index.ts`;
}

/** What an area's function uses: the union of its routes' declared uses. */
export function areaUses(area: Area): RouteUses {
  return mergeUses((Object.values(routes) as AnyRoute[]).filter((r) => r.area === area).map((r) => r.uses));
}

/** The ports a function with these uses must wire (and no others). */
export function portsOf(uses: RouteUses): PortName[] {
  const ports: PortName[] = [];
  if (uses.ai?.length) ports.push('ai');
  if (uses.search) ports.push('search');
  if (uses.objects) ports.push('storage');
  if (uses.queues?.length) ports.push('queues');
  if (uses.secrets?.length) ports.push('secrets');
  if (uses.whatsapp?.includes('receive')) ports.push('inbound');
  if (uses.whatsapp?.includes('send')) ports.push('whatsapp');
  if (uses.payments) ports.push('payments');
  if (uses.enrichment) ports.push('enrichment');
  if (uses.identity) ports.push('identity');
  if (uses.realtime) ports.push('realtime');
  return ports.sort();
}
