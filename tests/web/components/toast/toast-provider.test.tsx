import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../../web/src/components/toast/toast-provider';
import { useToast } from '../../../../web/src/components/toast/use-toast';
import type { ToastApi } from '../../../../web/src/components/toast/toast-context';

let toast: ToastApi;
function Capture() {
  toast = useToast();
  return null;
}

function renderToasts() {
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
}

/** The toast region is a chunk of its own, loaded with the first toast: lets it arrive. */
const settle = () =>
  act(async () => {
    await vi.dynamicImportSettled();
  });

const shown = () =>
  screen.queryByRole('region', { name: 'Notifications' })
    ? within(screen.getByRole('region', { name: 'Notifications' })).getAllByTestId('toast')
    : [];

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows success, error and info toasts with their kind', async () => {
    renderToasts();
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
      toast.info('FYI');
    });
    await settle();
    expect(shown().map((t) => [t.dataset.kind, t.textContent])).toEqual([
      ['success', 'Saved'],
      ['error', 'Failed'],
      ['info', 'FYI'],
    ]);
  });

  it("offers a toast's follow-up, which runs and dismisses the toast", async () => {
    renderToasts();
    const onFollow = vi.fn();
    act(() => {
      toast.success('3 actions suggested successfully!', { action: { text: 'View Actions', onFollow } });
    });
    await settle();
    const [only] = shown();
    act(() => within(only!).getByRole('button', { name: 'View Actions' }).click());
    expect(onFollow).toHaveBeenCalledOnce();
    expect(shown()).toEqual([]);
  });

  it('keeps at most 3 visible, dropping the oldest', async () => {
    renderToasts();
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.info(`toast ${n}`);
    });
    await settle();
    expect(shown().map((t) => t.textContent)).toEqual(['toast 2', 'toast 3', 'toast 4']);
  });

  it('dismisses a toast after 4 seconds by default', async () => {
    renderToasts();
    act(() => {
      toast.success('Logged in successfully');
    });
    await settle();
    act(() => vi.advanceTimersByTime(3_999));
    expect(shown()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toHaveLength(0);
  });

  it('honours a duration given with the toast', async () => {
    renderToasts();
    act(() => {
      toast.error('Longer', { durationMs: 10_000 });
    });
    await settle();
    act(() => vi.advanceTimersByTime(9_000));
    expect(shown()).toHaveLength(1);
  });

  it('can be dismissed by its id', async () => {
    renderToasts();
    let id = '';
    act(() => {
      id = toast.info('Going');
    });
    await settle();
    act(() => toast.dismiss(id));
    expect(shown()).toHaveLength(0);
  });

  it('stacks toasts 14 px apart', async () => {
    renderToasts();
    act(() => {
      toast.info('a');
    });
    await settle();
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveStyle({ gap: '14px' });
  });
});
