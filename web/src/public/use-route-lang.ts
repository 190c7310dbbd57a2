import { useLocation } from 'react-router-dom';
import { publicLangOf, type PublicLang } from '@kehila/shared/public-pages';

/** The public page's language inside the app's router (`?lang=he`). */
export function useRouteLang(): PublicLang {
  return publicLangOf(useLocation().search);
}
