import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell, type AppShellProps } from '../../../../web/src/app/shell/app-shell';
import { DESKTOP_WIDTH, PHONE_WIDTH, setViewportWidth } from '../../helpers/viewport';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderShell(path: string, props: Partial<AppShellProps> = {}) {
  const onSignOut = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell userName="dana" onSignOut={onSignOut} {...props}>
        <p>screen content</p>
      </AppShell>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { user, onSignOut };
}

const sidebarNav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const tabBar = () => screen.getByRole('navigation', { name: 'Tabs' });

beforeEach(() => setViewportWidth(DESKTOP_WIDTH));

describe('desktop sidebar', () => {
  it('lists Today, then nine items from Dashboard to Settings', () => {
    renderShell('/messages');
    const links = within(sidebarNav()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Today',
      'Dashboard',
      'Community Helper',
      'Messages',
      'Actions',
      'Analytics',
      'Business Intelligence',
      'Suppliers',
      'Members',
      'Settings',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
  });

  it.each([
    ['/messages/42', 'Messages'],
    ['/', 'Dashboard'],
    ['/suppliers?q=paint', 'Suppliers'],
    ['/today', 'Today'],
  ])('marks the item of %s as current', (path, label) => {
    renderShell(path);
    expect(within(sidebarNav()).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  });

  it('navigates inside the app when an item is clicked', async () => {
    const { user } = renderShell('/dashboard');
    await user.click(within(sidebarNav()).getByRole('link', { name: 'Analytics' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/analytics');
  });

  it('starts open without a cookie, and the toggle collapses it to icons and writes the cookie', async () => {
    const { user } = renderShell('/dashboard');
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(document.cookie).toContain('sidebar:state=false');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    const railLinks = within(sidebarNav()).getAllByRole('link');
    expect(railLinks).toHaveLength(10);
    expect(within(sidebarNav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('reads the collapsed state from the sidebar:state cookie', () => {
    document.cookie = 'sidebar:state=false; path=/';
    renderShell('/dashboard');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it.each([
    ['Ctrl', '{Control>}b{/Control}'],
    ['Cmd', '{Meta>}b{/Meta}'],
  ])('toggles with %s + b', async (_name, keys) => {
    const { user } = renderShell('/dashboard');
    await user.keyboard(keys);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(document.cookie).toContain('sidebar:state=false');
    await user.keyboard(keys);
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
    expect(document.cookie).toContain('sidebar:state=true');
  });

  it('ignores b without a modifier', async () => {
    const { user } = renderShell('/dashboard');
    await user.keyboard('b');
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });

  it('shows the community selector slot and the trial banner slot when given', () => {
    renderShell('/dashboard', {
      communitySelector: <span>selector here</span>,
      trialBanner: <span>banner here</span>,
    });
    expect(screen.getByText('selector here')).toBeInTheDocument();
    expect(screen.getByText('banner here')).toBeInTheDocument();
  });
});

describe('mobile layout', () => {
  beforeEach(() => setViewportWidth(PHONE_WIDTH));

  it('shows eight tabs (no Suppliers) and no sidebar', () => {
    renderShell('/members');
    const tabs = within(tabBar()).getAllByRole('link');
    expect(tabs).toHaveLength(8);
    expect(tabs.map((t) => t.getAttribute('title'))).not.toContain('Suppliers');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(within(tabBar()).getByTitle('Members')).toHaveAttribute('aria-current', 'page');
  });

  it('marks Dashboard current on the empty first segment', () => {
    renderShell('/');
    expect(within(tabBar()).getByTitle('Dashboard')).toHaveAttribute('aria-current', 'page');
  });

  it('shows the logo and the user menu in the header, not the community selector', () => {
    renderShell('/members', { communitySelector: <span>selector here</span> });
    expect(screen.getByRole('link', { name: 'Kehila home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu (dana)' })).toBeInTheDocument();
    expect(screen.queryByText('selector here')).not.toBeInTheDocument();
  });
});

describe('user menu', () => {
  it('offers Your Profile, which leads to /settings, and Sign Out', async () => {
    const { user, onSignOut } = renderShell('/dashboard');
    await user.click(screen.getByRole('button', { name: 'dana' }));
    await user.click(screen.getByRole('menuitem', { name: 'Your Profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');

    await user.click(screen.getByRole('button', { name: 'dana' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it("labels a member 'Community Member'", async () => {
    const { user } = renderShell('/dashboard', { role: 'Member' });
    await user.click(screen.getByRole('button', { name: 'dana' }));
    expect(screen.getByText('Community Member')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('gives an admin the crown badge', async () => {
    const { user } = renderShell('/dashboard', { role: 'Admin' });
    expect(screen.getByRole('img', { name: 'Admin' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'dana' }));
    expect(screen.queryByText('Community Member')).not.toBeInTheDocument();
  });

  it('shows neither label nor crown while the role is unknown', async () => {
    const { user } = renderShell('/dashboard');
    expect(screen.queryByRole('img', { name: 'Admin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'dana' }));
    expect(screen.queryByText('Community Member')).not.toBeInTheDocument();
  });

  it('lets the browser pick the direction of the user name', () => {
    renderShell('/dashboard', { userName: 'דנה' });
    expect(screen.getByText('דנה')).toHaveAttribute('dir', 'auto');
  });
});
