import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { findToast } from '../../helpers/toasts';
import { currentUrl, setUpMessagesTests } from '../messages/support';
import { COMMUNITY, action, actionsApi, renderActions } from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const hour = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * hour).toISOString();

describe('Actions screen (S2 §2.3, §4)', () => {
  it('shows the title, subtitle, buttons and the tabs with their count badges, and asks for the pending tab by due date', async () => {
    const api = actionsApi([action({ title: 'Call Dana' })], { pending: 3, due_soon: 1, completed: 2, all: 5 });
    renderActions({ api });
    expect(await screen.findByRole('heading', { name: 'My Personal Actions' })).toBeInTheDocument();
    expect(screen.getByText('Manage your personal tasks and actions')).toBeInTheDocument();
    await screen.findByText('Call Dana');
    expect(screen.getByRole('button', { name: 'Suggest Personal Actions' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create Action' })).toBeEnabled();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Pending3', 'Due Soon1', 'Completed2', 'All5']);
    const q = api.callsTo(routes.listActions)[0]!.query;
    expect([q.get('tab'), q.get('priority'), q.get('sort')]).toEqual(['pending', 'all', 'due_date:asc']);
  });

  it('asks the server for the chosen tab, priority and sort', async () => {
    const api = actionsApi([action()]);
    const { user } = renderActions({ api });
    await user.click(await screen.findByRole('tab', { name: /Due Soon/ }));
    await waitFor(() => expect(api.callsTo(routes.listActions).at(-1)!.query.get('tab')).toBe('due_soon'));
    await user.click(screen.getByRole('button', { name: /Priority/ }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() => expect(api.callsTo(routes.listActions).at(-1)!.query.get('priority')).toBe('high'));
    await user.click(screen.getByRole('button', { name: /Sort/ }));
    await user.click(await screen.findByRole('option', { name: 'Priority (high to low)' }));
    await waitFor(() => expect(api.callsTo(routes.listActions).at(-1)!.query.get('sort')).toBe('priority:desc'));
  });

  it('badges cards: Overdue, Due Soon, Completed', async () => {
    renderActions({
      api: actionsApi([
        action({ title: 'Late one', due_date: inHours(-2) }),
        action({ title: 'Soon one', due_date: inHours(30) }),
        action({ title: 'Finished one', status: 'done', due_date: inHours(-2) }),
        action({ title: 'Far one', due_date: inHours(24 * 5) }),
      ]),
    });
    const card = async (title: string) => (await screen.findByText(title)).closest('li') as HTMLElement;
    expect(within(await card('Late one')).getByText('Overdue')).toBeInTheDocument();
    expect(within(await card('Soon one')).getByText('Due Soon')).toBeInTheDocument();
    expect(within(await card('Finished one')).getByText('Completed')).toBeInTheDocument();
    expect(within(await card('Finished one')).queryByRole('button', { name: /Snooze/ })).toBeNull();
    expect(within(await card('Far one')).queryByText(/Due Soon|Overdue/)).toBeNull();
  });

  it("says 'No actions found' with AI Suggest Actions, which suggests", async () => {
    const api = actionsApi([]);
    api.on(routes.suggestActions, () => ({ actions: [action(), action()] }));
    const { user } = renderActions({ api });
    expect(await screen.findByText('No actions found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'AI Suggest Actions' }));
    await findToast('Suggested 2 actions');
    expect(api.callsTo(routes.suggestActions)).toHaveLength(1);
  });

  it("says 'No group found. Please join a group first.' when the server finds no group, else 'Failed to suggest actions'", async () => {
    const api = actionsApi([]);
    api.on(routes.suggestActions, () => ({ status: 400, body: { message: 'Group ID is missing', code: 'bad_request' } }));
    const { user } = renderActions({ api });
    await screen.findByText('No actions found');
    await user.click(screen.getByRole('button', { name: 'Suggest Personal Actions' }));
    expect(await findToast('No group found. Please join a group first.')).toBeInTheDocument();
    api.on(routes.suggestActions, () => ({ status: 503, body: { message: 'x', code: 'unavailable' } }));
    await user.click(screen.getByRole('button', { name: 'Suggest Personal Actions' }));
    expect(await findToast('Failed to suggest actions')).toBeInTheDocument();
  });

  it("without a group says 'No Group Associated' and disables every button", async () => {
    renderActions({ api: actionsApi([], undefined, { ...COMMUNITY, group_id: null }) });
    expect(await screen.findByText('No Group Associated')).toBeInTheDocument();
    expect(
      screen.getByText('Your account is not associated with a community group. Please contact an administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suggest Personal Actions' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Process Reminders' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create Action' })).toBeDisabled();
  });

  it("Process Reminders asks the server and says 'Processed {n} reminders'", async () => {
    const api = actionsApi([action({ title: 'Call Dana' })]);
    api.on(routes.processReminders, () => ({ processed: 2, unreachable: 0, failed: 0 }));
    const { user } = renderActions({ api });
    await screen.findByText('Call Dana');
    await user.click(screen.getByRole('button', { name: 'Process Reminders' }));
    await findToast('Processed 2 reminders');
    expect(api.callsTo(routes.processReminders)).toHaveLength(1);
  });

  it("Process Reminders says 'Failed to process reminders' when the call fails or a send was refused", async () => {
    const api = actionsApi([action({ title: 'Call Dana' })]);
    api.on(routes.processReminders, () => ({ status: 500, body: { message: 'boom', code: 'internal' } }));
    const { user } = renderActions({ api });
    await screen.findByText('Call Dana');
    await user.click(screen.getByRole('button', { name: 'Process Reminders' }));
    await findToast('Failed to process reminders');
    api.on(routes.processReminders, () => ({ processed: 0, unreachable: 0, failed: 1 }));
    await user.click(screen.getByRole('button', { name: 'Process Reminders' }));
    await waitFor(() => expect(api.callsTo(routes.processReminders)).toHaveLength(2));
    await findToast('Failed to process reminders');
  });

  it("shows 'Failed to load actions' when the list fails", async () => {
    const api = actionsApi([]);
    api.on(routes.listActions, () => ({ status: 500, body: { message: 'boom', code: 'internal' } }));
    renderActions({ api });
    expect(await screen.findByText('Failed to load actions')).toBeInTheDocument();
    expect(screen.getByText('Please try refreshing the page')).toBeInTheDocument();
  });

  it('snoozes and completes from a card', async () => {
    const a = action({ title: 'Snooze me', due_date: inHours(-1) });
    const api = actionsApi([a]);
    api.on(routes.updateAction, (call) => ({ ...a, status: 'done', ...(call.body as object) }));
    const { user } = renderActions({ api });
    await user.click(await screen.findByRole('button', { name: 'Snooze: Snooze me' }));
    await findToast('Action snoozed for 1 day');
    expect(api.callsTo(routes.updateAction)[0]!.body).toEqual({ kind: 'snooze' });
    await user.click(screen.getByRole('button', { name: 'Done: Snooze me' }));
    await findToast('Action marked as done');
    expect(api.callsTo(routes.updateAction)[1]!.body).toEqual({ kind: 'status', status: 'done' });
  });

  it('bulk completes a selection and deletes one after the confirmation', async () => {
    const a = action({ title: 'First' });
    const b = action({ title: 'Second' });
    const api = actionsApi([a, b]);
    api.on(routes.bulkUpdateActions, () => ({ updated: 2 }));
    api.on(routes.bulkDeleteActions, () => ({ deleted: 2 }));
    const { user } = renderActions({ api });
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Select First$/ }));
    await user.click(screen.getByRole('checkbox', { name: /Select Second$/ }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Mark as Complete' }));
    await findToast('Updated 2 actions');
    expect(api.callsTo(routes.bulkUpdateActions)[0]!.body).toEqual({
      action_ids: [a.action_id, b.action_id],
      change: { kind: 'status', status: 'done' },
    });

    await user.click(screen.getByRole('checkbox', { name: /Select First$/ }));
    await user.click(screen.getByRole('checkbox', { name: /Select Second$/ }));
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure? This will permanently delete 2 selected actions. This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(api.callsTo(routes.bulkDeleteActions)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('Deleted 2 actions');
    expect(api.callsTo(routes.bulkDeleteActions)[0]!.body).toEqual({ action_ids: [a.action_id, b.action_id] });
  });

  it('the table view labels the subject and the status, and its delete deletes', async () => {
    const a = action({ title: '[Hiring] Call the accountant', due_date: inHours(-3) });
    const b = action({ title: 'Plain task' });
    const api = actionsApi([a, b]);
    api.on(routes.deleteAction, () => ({ deleted: 1 }));
    const { user } = renderActions({ api });
    await user.click(await screen.findByText('Table'));
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(within(rows[0]!).getByText('Hiring')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('General')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('No Due Date')).toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Delete: Plain task' }));
    await findToast('Action deleted');
    expect(api.callsTo(routes.deleteAction)[0]!.params.actionId).toBe(b.action_id);
  });
});

describe('Create Action on the Actions screen (S2 §2.3, §5)', () => {
  it('opens empty, due in 24 hours, priority medium; needs a title; creates the action', async () => {
    const api = actionsApi([]);
    api.on(routes.createAction, () => action({ title: 'Book the venue' }));
    const { user } = renderActions({ api });
    await screen.findByText('No actions found');
    await user.click(screen.getByRole('button', { name: 'Create Action' }));
    const dialog = await screen.findByRole('dialog');
    const save = await within(dialog).findByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Book the venue');
    const before = Date.now();
    const listed = api.callsTo(routes.listActions).length;
    await user.click(save);
    await findToast('Action created successfully');
    await waitFor(() => expect(api.callsTo(routes.listActions).length).toBeGreaterThan(listed));
    const body = api.callsTo(routes.createAction)[0]!.body as { title: string; priority: string; due_date: string };
    expect(body).toMatchObject({ title: 'Book the venue', priority: 'medium' });
    // The local date and time inputs keep minutes: within a minute of 24 hours from now.
    expect(Math.abs(Date.parse(body.due_date) - (before + 24 * hour))).toBeLessThan(120_000);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('action detail dialog (S2 §2.3)', () => {
  const details = 'Ask about seed rounds\nReference: msg-123\n\n### Evidence:\nNoa asked on Monday\n\n### Assigned to: @dana';

  it('opens from ?action= in view mode with every field, and closing removes the query', async () => {
    const a = action({ title: 'Call the accountant', details, priority: 'high', evidence: null, assigned_to: null, source: 'ai_suggested' });
    const { router, user } = renderActions({ api: actionsApi([a]), path: `/actions?action=${a.action_id}` });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Call the accountant')).toBeInTheDocument();
    expect(within(dialog).getByText('High')).toBeInTheDocument();
    expect(within(dialog).getByText('Pending')).toBeInTheDocument();
    expect(within(dialog).getByText(/Ask about seed rounds/)).toBeInTheDocument();
    expect(within(dialog).getByText('@dana')).toBeInTheDocument();
    expect(within(dialog).getByText('Noa asked on Monday')).toBeInTheDocument();
    expect(within(dialog).getByText('ai_suggested')).toBeInTheDocument();
    for (const name of ['Copy Details', 'View Message', 'Mark Complete', 'Edit Action'])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(currentUrl(router)).toBe('/actions'));
  });

  it("copies the details ('Action details copied to clipboard') and the title ('Action title copied to clipboard')", async () => {
    const a = action({ title: 'Call the accountant', details, priority: 'high' });
    const { user } = renderActions({ api: actionsApi([a]), path: `/actions?action=${a.action_id}` });
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Copy Details' }));
    // user-event's clipboard stands in for the browser's.
    const copied = await navigator.clipboard.readText();
    expect(copied).toMatch(/^Call the accountant\n\nAsk about seed rounds/);
    expect(copied).toContain('Priority: High');
    expect(copied).toContain('Assigned to: @dana');
    expect(await findToast('Action details copied to clipboard')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy title' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('Call the accountant');
    expect(await findToast('Action title copied to clipboard')).toBeInTheDocument();
  });

  it('sets ?action= when a card opens, and View Message goes to the referenced message', async () => {
    const a = action({ title: 'With a reference', details });
    const { router, user } = renderActions({ api: actionsApi([a]) });
    await user.click(await screen.findByText('With a reference'));
    await waitFor(() => expect(currentUrl(router)).toBe(`/actions?action=${a.action_id}`));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'View Message' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/messages?id=msg-123'));
  });

  it('hides View Message without a reference and Mark Complete when done', async () => {
    const a = action({ title: 'Done already', status: 'done' });
    renderActions({ api: actionsApi([a]), path: `/actions?action=${a.action_id}` });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Completed')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'View Message' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Mark Complete' })).toBeNull();
  });

  it('edits: the sections fill their fields, Save changes is disabled for a blank title, and saves the edit', async () => {
    const a = action({ title: 'Call the accountant', details, due_date: null });
    const api = actionsApi([a]);
    api.on(routes.updateAction, () => ({ ...a, title: 'Call the accountant today' }));
    const { user } = renderActions({ api, path: `/actions?action=${a.action_id}` });
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Edit Action' }));
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    await user.type(title, 'Call the accountant today');
    await user.click(within(dialog).getByText('Advanced options'));
    expect(within(dialog).getByRole('textbox', { name: 'Assigned to' })).toHaveValue('@dana');
    expect(within(dialog).getByRole('textbox', { name: 'Evidence' })).toHaveValue('Noa asked on Monday');
    const body = within(dialog).getByRole('textbox', { name: 'Details' });
    expect(body).toHaveValue('Ask about seed rounds\nReference: msg-123');
    await user.type(body, '\nEvidence: x');
    expect(body).toHaveValue('Ask about seed rounds\nReference: msg-123\n### Evidence: x');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await findToast('Action updated successfully');
    expect(api.callsTo(routes.updateAction)[0]!.body).toEqual({
      kind: 'edit',
      title: 'Call the accountant today',
      details: 'Ask about seed rounds\nReference: msg-123\n### Evidence: x',
      due_date: null,
      priority: 'medium',
      assigned_to: 'dana',
      evidence: 'Noa asked on Monday',
    });
  });

  it("Mark Complete says 'Action marked as complete', and a refused update 'Failed to update action'", async () => {
    const a = action({ title: 'Complete me' });
    const api = actionsApi([a]);
    api.on(routes.updateAction, () => ({ ...a, status: 'done' }));
    const { user } = renderActions({ api, path: `/actions?action=${a.action_id}` });
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Mark Complete' }));
    await findToast('Action marked as complete');
    api.on(routes.updateAction, () => ({ status: 409, body: { message: 'x', code: 'conflict' } }));
    await user.click(within(dialog).getByRole('button', { name: 'Edit Action' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await findToast('Failed to update action');
  });
});
