import { screen, within } from '@testing-library/react';

/**
 * Finds a toast by its text inside the toast region (Cloudscape's Flashbar also copies the text into a
 * screen-reader announcer elsewhere in the page).
 */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  const region = await screen.findByRole('region', { name: 'Notifications' });
  return within(region).findByText(text);
}
