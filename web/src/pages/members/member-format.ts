import { MEMBERS_MAX_PAGE_NUMBERS, type Member } from '@kehila/shared';

/** A member's full name, or their e-mail when they gave none. */
export const memberName = (m: Member) => [m.first_name, m.last_name].filter(Boolean).join(' ') || m.email || m.id;

/** At most five page numbers around the current page (S3 §2). */
export function pageNumbers(page: number, pages: number): number[] {
  const count = Math.min(MEMBERS_MAX_PAGE_NUMBERS, pages);
  const first = Math.max(1, Math.min(page - Math.floor(count / 2), pages - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}
