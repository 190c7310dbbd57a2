import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes, type SupplierView, type UserCommunity } from '@kehila/shared';
import SuppliersRoute from '../../../../web/src/pages/suppliers';
import { resetAuth, setSignedIn } from '../../helpers/amplify-auth';
import { renderScreen } from '../../helpers/render-screen';
import { findToast } from '../../helpers/toasts';
import { COMMUNITY, FakeApi, setUpMessagesTests } from '../messages/support';

vi.mock('aws-amplify/auth', () => import('../../helpers/amplify-auth').then((m) => m.authModule));

setUpMessagesTests(setSignedIn, resetAuth);

let seq = 0;
function supplier(over: Partial<SupplierView> = {}): SupplierView {
  seq += 1;
  return {
    supplier_id: `s-${seq}`,
    group_id: COMMUNITY.group_id,
    supplier_name: `Supplier ${seq}`,
    service_type: null,
    contact_person: null,
    phone_number: null,
    website: null,
    description: null,
    recommender_name: null,
    recommendation_context: null,
    social_media: null,
    other_contact_info: null,
    is_reservist_special: false,
    date_added: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    added_by_name: 'Dana Levi',
    can_manage: false,
    source_msg_id: null,
    ...over,
  };
}

function suppliersApi(items: SupplierView[], community: UserCommunity | null = COMMUNITY): FakeApi {
  return new FakeApi([
    [routes.listMyCommunities, () => ({ communities: community ? [community] : [] })],
    [
      routes.listSuppliers,
      () => ({
        items,
        nextCursor: null,
        total: items.length,
        service_types: [...new Set(items.flatMap((s) => (s.service_type ? [s.service_type] : [])))],
      }),
    ],
    [routes.listSupplierDrafts, () => ({ items: [] })],
    [routes.processSupplierEmbeddings, () => ({ processed: 2 })],
  ]);
}

function render(api: FakeApi, width?: number) {
  return renderScreen({
    routes: [{ path: '/suppliers', element: <SuppliersRoute /> }],
    path: '/suppliers',
    fetch: api.fetch,
    ...(width ? { width } : {}),
  });
}

const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

describe('Community Suppliers screen (S3 §2)', () => {
  it('shows a card with service type, Special badge, contact, phone actions, text, website and who added it how long ago', async () => {
    render(
      suppliersApi([
        supplier({
          supplier_name: 'Avi Cohen',
          service_type: 'Plumber',
          contact_person: 'Avi',
          phone_number: '050-123-4567',
          description: 'Fixes leaks',
          website: 'https://avi.example.com',
          recommender_name: 'Rina',
          is_reservist_special: true,
        }),
      ]),
    );
    const c = within(await card('Avi Cohen'));
    expect(c.getByText('Special')).toBeInTheDocument();
    expect(c.getByText('Fixes leaks')).toBeInTheDocument();
    expect(c.getByRole('link', { name: 'WhatsApp Avi Cohen' })).toHaveAttribute('href', 'https://wa.me/972501234567');
    expect(c.getByRole('link', { name: 'Call Avi Cohen' })).toHaveAttribute('href', 'tel:0501234567');
    expect(c.getByRole('button', { name: 'Copy phone number of Avi Cohen' })).toBeInTheDocument();
    expect(c.getByRole('link', { name: /Website/ })).toHaveAttribute('href', 'https://avi.example.com');
    expect(c.getByText(/Added by/).textContent).toContain('3 days ago');
    expect(c.getByText(/Added by/).textContent).toContain('Rina');
    expect(c.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('cuts the description at 80 characters on the compact mobile card', async () => {
    const long = 'A'.repeat(100);
    render(suppliersApi([supplier({ supplier_name: 'Long one', description: long })]), 375);
    expect(within(await card('Long one')).getByText(`${'A'.repeat(80)}…`)).toBeInTheDocument();
  });

  it('searches on the server 300 ms after typing stops, and filters by a service-type chip', async () => {
    const api = suppliersApi([supplier({ service_type: 'Plumber' }), supplier({ service_type: 'Electrician' })]);
    const { user } = render(api);
    await user.type(await screen.findByRole('searchbox', { name: 'Search suppliers...' }), 'boiler');
    await waitFor(() => expect(api.callsTo(routes.listSuppliers).at(-1)!.query.get('q')).toBe('boiler'));
    // One request for the settled text, none per keystroke.
    expect(api.callsTo(routes.listSuppliers).filter((c) => c.query.get('q')?.startsWith('b'))).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Plumber' }));
    await waitFor(() => expect(api.callsTo(routes.listSuppliers).at(-1)!.query.get('service_type')).toBe('Plumber'));
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(api.callsTo(routes.listSuppliers).at(-1)!.query.get('service_type')).toBeNull());
  });

  it('with AI Search hides the chips, searches by meaning past 2 characters and says so', async () => {
    const api = suppliersApi([supplier({ service_type: 'Plumber' })]);
    api.on(routes.searchSuppliers, () => ({ results: [supplier({ supplier_name: 'Found by meaning' })], fallback: false }));
    const { user } = render(api);
    await screen.findByRole('button', { name: 'Plumber' });
    await user.click(screen.getByRole('checkbox', { name: 'AI Search' }));
    await findToast('Initializing AI search...');
    await findToast('AI search ready');
    expect(screen.queryByRole('button', { name: 'Plumber' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers...' }), 'ab');
    await new Promise((r) => setTimeout(r, 400));
    expect(api.callsTo(routes.searchSuppliers)).toHaveLength(0);
    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers...' }), 'c');
    await screen.findByRole('heading', { name: 'Found by meaning' });
    expect(screen.getByText('Results powered by AI semantic search')).toBeInTheDocument();
    expect(api.callsTo(routes.searchSuppliers)[0]!.query.get('q')).toBe('abc');
  });

  it("says 'No suppliers found' with the right line, and 'Failed to load suppliers' on an error", async () => {
    const api = suppliersApi([]);
    const { user } = render(api);
    expect(await screen.findByText('No suppliers found')).toBeInTheDocument();
    expect(screen.getByText('Be the first to add a supplier to your community')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers...' }), 'zzz');
    expect(await screen.findByText('No suppliers match your search criteria')).toBeInTheDocument();
    api.on(routes.listSuppliers, () => ({ status: 500, body: { message: 'boom', code: 'internal' } }));
    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers...' }), 'y');
    expect(await screen.findByText('Failed to load suppliers')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });

  it('says there is no community selected without one', async () => {
    render(suppliersApi([], null));
    expect(
      await screen.findByText('No community selected. Please select a community from the header dropdown.'),
    ).toBeInTheDocument();
  });

  it('adds a supplier with the S3 §5 rules: name required (also toasted), phone filtered and checked, empty fields as null', async () => {
    const api = suppliersApi([]);
    api.on(routes.createSupplier, (call) => ({ ...supplier(), ...(call.body as object) }));
    const { user } = render(api);
    await user.click(await screen.findByRole('tab', { name: 'Add Supplier' }));
    await user.click(screen.getByRole('button', { name: 'Add Supplier' }));
    await findToast('Supplier name is required');
    expect(api.callsTo(routes.createSupplier)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Supplier name' }), 'Moshe');
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '05x2-12');
    expect(phone).toHaveValue('052-12');
    await user.click(screen.getByRole('button', { name: 'Add Supplier' }));
    expect(await screen.findByText('Please enter a valid phone number (10-15 digits)')).toBeInTheDocument();
    await user.type(phone, '34567');
    await user.click(screen.getByRole('checkbox', { name: 'Reservist Special' }));
    await user.click(screen.getByRole('button', { name: 'Add Supplier' }));
    await findToast('Supplier added successfully');
    expect(api.callsTo(routes.createSupplier)[0]!.body).toEqual({
      supplier_name: 'Moshe',
      service_type: null,
      contact_person: null,
      phone_number: '052-1234567',
      website: null,
      description: null,
      recommender_name: null,
      recommendation_context: null,
      social_media: null,
      other_contact_info: null,
      is_reservist_special: true,
    });
  });

  it("'Process All Embeddings' says how many suppliers it embedded", async () => {
    const { user } = render(suppliersApi([supplier({ supplier_name: 'Indexed one' })]));
    await screen.findByRole('heading', { name: 'Indexed one' });
    await user.click(screen.getByRole('button', { name: 'Process All Embeddings' }));
    await findToast('Created AI search data for 2 suppliers');
  });

  it('shows admins the recommendations found in the group, cited, to accept or dismiss', async () => {
    const api = suppliersApi([]);
    api.on(routes.listSupplierDrafts, () => ({
      items: [
        {
          draft_id: 'd-1',
          supplier_name: 'Avi',
          service_type: 'Plumber',
          phone_number: '050-1234567',
          recommender_name: 'Dana',
          source_text: 'the best plumber — Avi 050-1234567',
          source_msg_id: 'm-1',
          source_timestamp: '2026-11-01T10:00:00.000Z',
          status: 'proposed',
          detected_at: '2026-11-01T10:00:01.000Z',
        },
      ],
    }));
    api.on(routes.acceptSupplierDraft, () => supplier({ supplier_name: 'Avi' }));
    const { user } = render(api);
    expect(await screen.findByText('the best plumber — Avi 050-1234567')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept Avi' }));
    await findToast('Supplier added successfully');
    expect(api.callsTo(routes.acceptSupplierDraft)[0]!.params.draftId).toBe('d-1');
  });
});
