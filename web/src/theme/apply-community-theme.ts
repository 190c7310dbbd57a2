import { applyTheme, type Theme } from '@cloudscape-design/components/theming';
import type { CommunityTheme } from '@kehila/shared';

/**
 * Applies a community's theme to every Cloudscape component at once through the design system's own
 * theming: the primary colour seeds its primary palette (buttons, links, focus, selection, accents
 * follow from it) and the font becomes its base font family. Loaded on its own, only when a
 * community has a theme of its own. Returns what undoes it.
 */
export function applyCommunityTheme(theme: Pick<CommunityTheme, 'primary_color' | 'font_family'>): () => void {
  const override: Theme = {
    tokens: { fontFamilyBase: theme.font_family },
    referenceTokens: { color: { primary: theme.primary_color } },
  };
  return applyTheme({ theme: override }).reset;
}
