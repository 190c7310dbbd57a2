import { useEffect } from 'react';
import { DEFAULT_THEME_FONT_FAMILY, DEFAULT_THEME_PRIMARY_COLOR } from '@kehila/shared/constants';
import { useCommunityTheme } from './theme-query';

/** Whether a theme is the untouched default (then the design system's own look stays, and its theming is never loaded). */
export function isDefaultTheme(theme: { primary_color: string; font_family: string }): boolean {
  return (
    theme.primary_color.toLowerCase() === DEFAULT_THEME_PRIMARY_COLOR.toLowerCase() &&
    theme.font_family === DEFAULT_THEME_FONT_FAMILY
  );
}

/**
 * Applies the selected community's theme across the app (S2 §2.4 Theme and Branding) and keeps it in
 * step: a save updates the query, which re-applies at once; switching community applies the other's;
 * leaving a themed community resets. The theming code is a chunk of its own, fetched only for a
 * community with a theme of its own.
 */
export function CommunityThemeApplier({ communityId }: { communityId: string | null }) {
  const { data } = useCommunityTheme(communityId);
  const primary = data?.primary_color ?? null;
  const font = data?.font_family ?? null;
  useEffect(() => {
    if (primary === null || font === null || isDefaultTheme({ primary_color: primary, font_family: font })) return;
    let reset: (() => void) | null = null;
    let cancelled = false;
    void import('./apply-community-theme').then(({ applyCommunityTheme }) => {
      if (!cancelled) reset = applyCommunityTheme({ primary_color: primary, font_family: font });
    });
    return () => {
      cancelled = true;
      reset?.();
    };
  }, [primary, font]);
  return null;
}
