import { localHref, type PublicLang } from '@kehila/shared/public-pages';
import { en, type PublicTexts } from './texts-en';
import { he } from './texts-he';

export type { PublicTexts };

/** The public pages' texts per language. */
export const publicTexts: Record<PublicLang, PublicTexts> = { en, he };

export { localHref };

/** Where Start Free Trial leads: the registration view of /login (sign-up first, Back to Home), in the page's language. */
export function registerHref(lang: PublicLang): string {
  return localHref('/login?register=1', lang);
}

/** Sign In: /login, in Hebrew from the Hebrew pages. */
export function signInHref(lang: PublicLang): string {
  return localHref('/login', lang);
}

/**
 * The Free card's Get Started (S3: /dashboard?plan=free): sign-in first when signed out; an account
 * whose trial ended gets the paywall with Free as the first choice, one in its trial is told Free follows it.
 */
export const FREE_PLAN_HREF = '/dashboard?plan=free';
