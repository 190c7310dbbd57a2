import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@kehila/shared';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { findToast } from '../../helpers/toasts';
import { boldRuns, parseSummarySections } from '../../../../web/src/components/messages/summary-sections';
import { COMMUNITY, currentUrl, defaultApi, renderMessages, setUpMessagesTests } from './support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

const SUMMARY = [
  'A busy week in the group.',
  '## Key Topics',
  '- Hiring backend engineers',
  '- **Office space** in Tel Aviv',
  '## Action Items',
  '- Share the accountant list',
  '## Recommended Actions',
  '1. Pin the hiring thread',
  '## Quick Stats',
  'Messages: 120, senders: 18',
].join('\n');

const stored = (created = new Date()) => ({
  id: 's-1',
  group_id: COMMUNITY.group_id,
  summary: SUMMARY,
  created_at: created.toISOString(),
});

const action = (n: number) => ({
  action_id: `a-${n}`,
  group_id: COMMUNITY.group_id,
  user_id: 'user-dana',
  title: `Action ${n}`,
  details: null,
  due_date: null,
  priority: 'medium',
  status: 'pending',
  assigned_to: null,
  evidence: null,
  source: 'ai_suggested',
  created_at: new Date().toISOString(),
  reminder_ts: null,
  message_refs: [],
});

/** The Generate Summary button once the community (and its group) has loaded. */
async function enabledGenerate(): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Summary' })).toBeEnabled());
  return screen.getByRole('button', { name: 'Generate Summary' });
}

describe('AI summary (S2 §4, §8)', () => {
  it("shows a stored summary split into its four sections and says 'AI summary ready'", async () => {
    const api = defaultApi().on(routes.latestSummary, () => stored());
    renderMessages({ api });
    expect(await findToast('AI summary ready')).toBeInTheDocument();
    const body = await screen.findByTestId('summary-body');
    const sections = within(body).getAllByRole('region');
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Key Topics',
      'Action Items',
      'Recommended Actions',
      'Quick Stats',
    ]);
    expect(
      within(sections[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Hiring backend engineers', 'Office space in Tel Aviv']);
    expect(within(body).getByText('A busy week in the group.')).toBeInTheDocument();
  });

  it('collapses and copies the summary', async () => {
    const api = defaultApi().on(routes.latestSummary, () => stored());
    const { user } = renderMessages({ api });
    await screen.findByTestId('summary-body');
    await user.click(screen.getByRole('button', { name: 'Copy summary' }));
    // user-event's clipboard stands in for the browser's.
    await expect(navigator.clipboard.readText()).resolves.toBe(SUMMARY);
    expect(await findToast('Copied to clipboard')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse summary' }));
    expect(screen.queryByTestId('summary-body')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand summary' }));
    expect(screen.getByTestId('summary-body')).toBeInTheDocument();
  });

  it('offers Suggest Actions only once a summary exists; generating stores and shows one', async () => {
    let release: () => void = () => undefined;
    const api = defaultApi().on(routes.generateSummary, () => new Promise((r) => (release = () => r(stored()))));
    const { user } = renderMessages({ api });
    const generate = await enabledGenerate();
    await waitFor(() => expect(api.callsTo(routes.latestSummary)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Suggest Actions' })).not.toBeInTheDocument();
    await user.click(generate);
    expect(await findToast('Generating AI summary...')).toBeInTheDocument();
    // Disabled while processing.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate Summary' })).toBeDisabled());
    release();
    expect(await findToast('Summary generated successfully')).toBeInTheDocument();
    expect(await screen.findByTestId('summary-body')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suggest Actions' })).toBeEnabled();
  });

  it("says 'Failed to generate summary' when generating fails", async () => {
    const api = defaultApi().on(routes.generateSummary, () => ({
      status: 503,
      body: { message: 'x', code: 'unavailable' },
    }));
    const { user } = renderMessages({ api });
    await user.click(await enabledGenerate());
    expect(await findToast('Failed to generate summary')).toBeInTheDocument();
  });

  it("suggests actions: '{n} actions suggested successfully!' with View Actions", async () => {
    const api = defaultApi()
      .on(routes.latestSummary, () => stored())
      .on(routes.suggestActions, () => ({ actions: [action(1), action(2), action(3)] }));
    const { user, router } = renderMessages({ api });
    await user.click(await screen.findByRole('button', { name: 'Suggest Actions' }));
    expect(await findToast('3 actions suggested successfully!')).toBeInTheDocument();
    const notice = screen
      .getAllByText('3 actions suggested successfully!')
      .find((el) => !el.closest('[role=region][aria-label=Notifications]'));
    expect(notice).toBeDefined();
    await user.click(screen.getByRole('link', { name: 'View Actions' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/actions'));
  });

  it("says 'Failed to suggest actions' when suggesting fails", async () => {
    const api = defaultApi()
      .on(routes.latestSummary, () => stored())
      .on(routes.suggestActions, () => ({ status: 503, body: { message: 'x', code: 'unavailable' } }));
    const { user } = renderMessages({ api });
    await user.click(await screen.findByRole('button', { name: 'Suggest Actions' }));
    expect(await findToast('Failed to suggest actions')).toBeInTheDocument();
  });

  it('places the summary below the content on mobile and above it on desktop', async () => {
    const api = defaultApi().on(routes.latestSummary, () => stored());
    const desktop = renderMessages({ api });
    const tabs = await screen.findByRole('tablist', { name: 'Messages views' });
    let body = await screen.findByTestId('summary-body');
    expect(body.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    desktop.unmount();
    renderMessages({ api, width: 375 });
    const mobileTabs = await screen.findByRole('tablist', { name: 'Messages views' });
    body = await screen.findByTestId('summary-body');
    expect(body.compareDocumentPosition(mobileTabs) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });
});

describe('cited summary (every line links the messages it comes from)', () => {
  const cited = () => ({
    ...stored(),
    summary: [
      '# Founders — Summary',
      '',
      '12 messages from 4 members.',
      '',
      '## Key Topics',
      '- **Hiring & Jobs**: 3 messages',
      '',
      '## Action Items',
      '- Send CVs to Dana by Friday — Dana',
      '',
      '## Recommended Actions',
      '- None',
      '',
      '## Quick Stats',
      '- Messages: 12',
    ].join('\n'),
    sections: {
      overview: '12 messages from 4 members.',
      key_topics: [{ text: '**Hiring & Jobs**: 3 messages', message_ids: ['m-1', 'm-4'] }],
      action_items: [{ text: 'Send CVs to Dana by Friday — Dana', message_ids: ['m-1'] }],
      recommended_actions: [],
      quick_stats: [{ text: 'Messages: 12', message_ids: [] }],
    },
    period_from: '2026-03-01T09:00:00.000Z',
    period_to: '2026-03-03T09:11:00.000Z',
    message_count: 12,
    language: 'en',
  });

  it('numbers the citations of each line and says None for an empty part', async () => {
    const api = defaultApi().on(routes.latestSummary, () => cited());
    renderMessages({ api });
    const body = await screen.findByTestId('summary-body');
    const topics = within(body).getByRole('region', { name: 'Key Topics' });
    const links = within(topics).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('aria-label'), l.getAttribute('href')])).toEqual([
      ['1', 'Source message 1 of 2', '/messages?view=table&id=m-1'],
      ['2', 'Source message 2 of 2', '/messages?view=table&id=m-4'],
    ]);
    expect(
      within(within(body).getByRole('region', { name: 'Recommended Actions' })).getByText('None'),
    ).toBeInTheDocument();
    expect(within(within(body).getByRole('region', { name: 'Quick Stats' })).queryAllByRole('link')).toEqual([]);
  });

  it('opens the cited message on the Messages screen', async () => {
    const api = defaultApi().on(routes.latestSummary, () => cited());
    const { user, router } = renderMessages({ api });
    const actions = within(await screen.findByTestId('summary-body')).getByRole('region', { name: 'Action Items' });
    await user.click(within(actions).getByRole('link', { name: 'Source message 1 of 1' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/messages?view=table&id=m-1'));
    expect(await findToast('Searching for message ID: m-1')).toBeInTheDocument();
  });
});

describe('summary sections', () => {
  it('recognises headings that add a translation, bold headings and bare names; other headings are titles', () => {
    const parts = parseSummarySections(
      [
        '# סיכום Tel Aviv Founders',
        'היי Dana, 199 הודעות',
        '## Key Topics — נושאים מרכזיים',
        '- **חברתי**: 74 הודעות',
        '**Action Items**',
        '* Call Noa',
        'Recommended Actions:',
        '1. Pin the thread',
        '### 📊 Quick Stats',
        '- הודעות: 199',
      ].join('\n'),
    );
    expect(parts.map((p) => [p.title, p.name, p.items.length])).toEqual([
      ['סיכום Tel Aviv Founders', null, 1],
      ['Key Topics — נושאים מרכזיים', 'Key Topics', 1],
      ['Action Items', 'Action Items', 1],
      ['Recommended Actions', 'Recommended Actions', 1],
      ['📊 Quick Stats', 'Quick Stats', 1],
    ]);
    expect(boldRuns('**חברתי**: 74 הודעות')).toEqual([
      { bold: true, text: 'חברתי' },
      { bold: false, text: ': 74 הודעות' },
    ]);
  });

  it('keeps a summary without headings as one untitled section', () => {
    expect(parseSummarySections('Quiet week.\nNothing urgent.')).toEqual([
      {
        title: null,
        name: null,
        items: [
          { bullet: false, text: 'Quiet week.' },
          { bullet: false, text: 'Nothing urgent.' },
        ],
      },
    ]);
  });
});
