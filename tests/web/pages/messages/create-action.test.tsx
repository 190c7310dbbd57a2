import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes, type Message } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { findToast } from '../../helpers/toasts';
import {
  COMMUNITY,
  defaultApi,
  message,
  openAllMessages,
  renderMessages,
  tableRows,
  setUpMessagesTests,
  type FakeApi,
} from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const CONTENT = 'Can someone recommend a good accountant for a small startup in Tel Aviv? Need one by next week.';

function actionApi(m: Message): FakeApi {
  const api = defaultApi([m]);
  api.on(routes.createAction, (call) => ({
    action_id: 'a-1',
    group_id: COMMUNITY.group_id,
    user_id: 'user-dana',
    created_at: new Date().toISOString(),
    reminder_ts: null,
    status: 'pending',
    source: 'manual',
    ...(call.body as object),
  }));
  return api;
}

async function openFromRow(api: FakeApi) {
  const view = renderMessages({ api });
  await openAllMessages(view.user);
  const [row] = await tableRows();
  await view.user.click(within(row!).getByRole('button', { name: 'Create Action' }));
  const dialog = await screen.findByRole('dialog');
  return { ...view, dialog };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

describe('Create Action dialog (S2 §2.3, §5)', () => {
  it('opens from a row prefilled: title, details with Sender:/Topic: lines, priority medium, @username assignee', async () => {
    const m = message({ content: CONTENT, Sender_name: 'Noa Bar', topic: null });
    const { dialog } = await openFromRow(actionApi(m));
    expect(field(dialog, 'Title').value).toBe(CONTENT.slice(0, 50));
    expect(field(dialog, 'Details').value).toBe(`${CONTENT}\n\nSender: Noa Bar\nTopic: N/A\nReference: ${m.msg_id}`);
    expect(within(dialog).getByText('Medium')).toBeInTheDocument();
    expect(field(dialog, 'Assigned to')).toHaveAttribute('placeholder', '@username');
  });

  it('takes the title from the first action item when the message has any', async () => {
    const m = message({ content: CONTENT, action_items: ['Find an accountant', 'Ask Dana'] });
    const { dialog } = await openFromRow(actionApi(m));
    expect(field(dialog, 'Title').value).toBe('Find an accountant');
    expect(field(dialog, 'Details').value).toMatch(/Other action items:\n- Ask Dana$/);
  });

  it("requires a title ('Title is required') and sends nothing without one", async () => {
    const api = actionApi(message({ content: CONTENT }));
    const { dialog, user } = await openFromRow(api);
    await user.clear(field(dialog, 'Title'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(api.callsTo(routes.createAction)).toHaveLength(0);
  });

  it('saves due in 24 hours with evidence and assignee sections, then closes', async () => {
    const m = message({ content: CONTENT });
    const api = actionApi(m);
    const { dialog, user } = await openFromRow(api);
    await user.type(field(dialog, 'Assigned to'), '@shira');
    await user.type(field(dialog, 'Evidence'), 'asked twice this week');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findToast('Action created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = api.callsTo(routes.createAction)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: CONTENT.slice(0, 50),
      priority: 'medium',
      assigned_to: 'shira',
      evidence: 'asked twice this week',
      message_refs: [m.msg_id],
    });
    expect(body.details).toMatch(/\n\n### Evidence:\nasked twice this week\n\n### Assigned to: @shira$/);
    const dueIn = Date.parse(String(body.due_date)) - Date.now();
    expect(dueIn).toBeGreaterThan(24 * 3600_000 - 3 * 60_000);
    expect(dueIn).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("keeps the dialog open and says 'Failed to create action' when saving fails", async () => {
    const api = actionApi(message({ content: CONTENT }));
    api.on(routes.createAction, () => ({ status: 500, body: { message: 'Something went wrong', code: 'internal' } }));
    const { dialog, user } = await openFromRow(api);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await findToast('Failed to create action')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('Generate with AI fills title, details, evidence and the assignee from the suggestion', async () => {
    const m = message({ content: CONTENT, Sender_name: 'Noa Bar', topic: 'Suppliers' });
    const api = actionApi(m);
    api.on(routes.generateAction, () => ({
      title: 'Find an accountant for Noa',
      details: 'Share two accountant contacts with Noa.\n\nEvidence: "Need one by next week"\nAssigned to: @dana',
    }));
    const { dialog, user } = await openFromRow(api);
    await user.click(within(dialog).getByRole('button', { name: 'Generate with AI' }));
    expect(await findToast('AI generated an action suggestion')).toBeInTheDocument();
    expect(api.callsTo(routes.generateAction)[0]!.body).toEqual({
      message_content: CONTENT,
      Sender_name: 'Noa Bar',
      topic: 'Suppliers',
    });
    expect(field(dialog, 'Title').value).toBe('Find an accountant for Noa');
    expect(field(dialog, 'Details').value).toBe(`Share two accountant contacts with Noa.\n\nReference: ${m.msg_id}`);
    expect(field(dialog, 'Evidence').value).toBe('"Need one by next week"');
    expect(field(dialog, 'Assigned to').value).toBe('@dana');
  });

  it("says 'Failed to generate action with AI' when the suggestion fails", async () => {
    const api = actionApi(message({ content: CONTENT }));
    api.on(routes.generateAction, () => ({
      status: 503,
      body: { message: 'Failed to generate action with AI', code: 'unavailable' },
    }));
    const { dialog, user } = await openFromRow(api);
    await user.click(within(dialog).getByRole('button', { name: 'Generate with AI' }));
    expect(await findToast('Failed to generate action with AI')).toBeInTheDocument();
    expect(field(dialog, 'Title').value).toBe(CONTENT.slice(0, 50));
  });

  it('opens from a mobile card and from a thread card with that message', async () => {
    const m = message({ content: 'Who can host the meetup?', topic: 'Events', timestamp: new Date().toISOString() });
    const first = renderMessages({ api: actionApi(m) });
    await first.user.click(await screen.findByRole('button', { name: 'Create Action from Events' }));
    expect(field(await screen.findByRole('dialog'), 'Title').value).toBe('Who can host the meetup?');
    first.unmount();

    const { user } = renderMessages({ api: actionApi(m), width: 375 });
    await openAllMessages(user);
    const [card] = await screen.findAllByTestId('message-card');
    await user.click(within(card!).getByRole('button', { name: 'Create Action' }));
    expect(field(await screen.findByRole('dialog'), 'Title').value).toBe('Who can host the meetup?');
  });
});
