import { MOBILE_BREAKPOINT_PX } from '@kehila/shared';
import { useMediaQuery } from '../../components/use-media-query';

/** Below the 768 px breakpoint (S1 §9): tabs Threads/All, cards instead of the table. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
