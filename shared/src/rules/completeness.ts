/** The community fields the completeness score reads (S1 §5). */
export interface CompletenessSource {
  group_description?: string | null;
  group_goals?: string | null;
  admin_name?: string | null;
  admin_gender?: string | null;
  group_language?: string | null;
  admin_phone?: string | null;
  business_focus?: readonly string[] | null;
}

/** The basic fields (S1 §5): description, goals, name, gender, language. */
export const BASIC_COMMUNITY_FIELDS = [
  'group_description',
  'group_goals',
  'admin_name',
  'admin_gender',
  'group_language',
] as const;
export type BasicCommunityField = (typeof BASIC_COMMUNITY_FIELDS)[number];

function filled(v: string | null | undefined): boolean {
  return typeof v === 'string' && v.trim().length > 0;
}

function hasFocus(c: CompletenessSource): boolean {
  return (c.business_focus ?? []).some((t) => filled(t));
}

/** Basic fields that are empty; the metadata guard shows the full setup screen when any is (S1 §4). */
export function missingBasicFields(c: CompletenessSource | null | undefined): BasicCommunityField[] {
  return BASIC_COMMUNITY_FIELDS.filter((f) => !filled(c?.[f]));
}

/**
 * Completeness of the setup warning (S1 §5): all basic fields filled 60, phone 20, business focus
 * 20. The three parts match the three cards (Basic Info, Contact Info, Business Focus), so the
 * basics count only when all five are filled; the guard variant is the proportional one.
 */
export function completenessScore(c: CompletenessSource | null | undefined): number {
  if (!c) return 0;
  let score = missingBasicFields(c).length === 0 ? 60 : 0;
  if (filled(c.admin_phone)) score += 20;
  if (hasFocus(c)) score += 20;
  return score;
}

/**
 * Completeness of the metadata guard (S1 §5): basics weigh 80 in proportion to those filled (16
 * each); phone and business focus share the other 20 (10 each). Below 100 admins get the banner.
 */
export function guardCompletenessScore(c: CompletenessSource | null | undefined): number {
  if (!c) return 0;
  const basicsFilled = BASIC_COMMUNITY_FIELDS.length - missingBasicFields(c).length;
  let score = (80 * basicsFilled) / BASIC_COMMUNITY_FIELDS.length;
  if (filled(c.admin_phone)) score += 10;
  if (hasFocus(c)) score += 10;
  return Math.round(score);
}
