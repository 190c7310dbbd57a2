import { fireEvent, waitFor, within } from '@testing-library/react';

/**
 * The visible copies of a text: Cloudscape repeats error and status texts in hidden live-region
 * announcers for screen readers, which these leave out.
 */
export function visibleTexts(text: string | RegExp, container: HTMLElement = document.body): HTMLElement[] {
  return within(container)
    .queryAllByText(text)
    .filter((el) => !el.closest('[aria-live]') && !el.closest('[hidden]'));
}

/** True when the text shows on screen (outside live-region announcers). */
export function isShown(text: string | RegExp, container?: HTMLElement): boolean {
  return visibleTexts(text, container).length > 0;
}

/** Waits for a text to show on screen (outside live-region announcers). */
export async function findShown(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const [first] = visibleTexts(text);
    if (!first) throw new Error(`"${String(text)}" is not shown`);
    return first;
  });
}

/**
 * Sets a text field's value in one input event. Typing key by key through user-event re-renders
 * Cloudscape for every character, which makes long forms slow; this is the same change to React.
 */
export function setField(field: HTMLElement, value: string): void {
  fireEvent.change(field, { target: { value } });
}
