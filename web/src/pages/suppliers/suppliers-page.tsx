import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import Toggle from '@cloudscape-design/components/toggle';
import {
  SUPPLIER_AI_SEARCH_MIN_EXCLUSIVE,
  SUPPLIER_SEARCH_DEBOUNCE_MS,
  type SupplierView,
  type UserCommunity,
} from '@kehila/shared';
import { useCurrentCommunity } from '../../communities/current-community';
import { useToast } from '../../components/toast/use-toast';
import { useIsMobile } from '../messages/use-is-mobile';
import { SupplierCards } from './components/supplier-cards';
import { SupplierDrafts } from './components/supplier-drafts';
import { SupplierForm } from './components/supplier-form';
import { SUPPLIERS_TEXTS as T } from './suppliers-texts';
import {
  useDebounced,
  useSupplierAiSearch,
  useSupplierChanges,
  useSupplierDrafts,
  useSupplierList,
} from './use-suppliers';

type Tab = 'browse' | 'add';

function PageHeader({ disabled, processing, onProcess }: { disabled: boolean; processing: boolean; onProcess: () => void }) {
  return (
    <Header
      variant="h1"
      actions={
        <Button iconName="gen-ai" disabled={disabled || processing} loading={processing} onClick={onProcess}>
          {T.processAll}
        </Button>
      }
    >
      {T.title}
    </Header>
  );
}

/** The Community Suppliers screen (/suppliers, S3 §2). Without a community it says so (S3 §2). */
export function SuppliersPage() {
  const { community, isLoading } = useCurrentCommunity();
  if (community) return <SuppliersWorkspace key={community.community_id} community={community} />;
  return (
    <SpaceBetween size="l">
      <PageHeader disabled processing={false} onProcess={() => undefined} />
      {isLoading ? (
        <Container>
          <Spinner size="large" />
        </Container>
      ) : (
        <Alert type="warning">{T.noCommunity}</Alert>
      )}
    </SpaceBetween>
  );
}

function Empty({ filtered }: { filtered: boolean }) {
  return (
    <Box textAlign="center" color="inherit" padding="l">
      <Box variant="strong">{T.emptyTitle}</Box>
      <Box variant="p" color="text-body-secondary">
        {filtered ? T.emptyFiltered : T.emptyFirst}
      </Box>
    </Box>
  );
}

function SuppliersWorkspace({ community }: { community: UserCommunity }) {
  const communityId = community.community_id;
  const isAdmin = community.role === 'Admin';
  const toast = useToast();
  const compact = useIsMobile();
  const [tab, setTab] = useState<Tab>('browse');
  const [text, setText] = useState('');
  const [aiMode, setAiMode] = useState(false);
  const [serviceType, setServiceType] = useState<string | null>(null);
  const [editing, setEditing] = useState<SupplierView | null>(null);
  const [deleting, setDeleting] = useState<SupplierView | null>(null);
  const initialized = useRef(false);

  const q = useDebounced(text.trim(), SUPPLIER_SEARCH_DEBOUNCE_MS);
  const aiActive = aiMode && q.length > SUPPLIER_AI_SEARCH_MIN_EXCLUSIVE;
  const list = useSupplierList(communityId, q, aiMode ? null : serviceType, !aiActive);
  const ai = useSupplierAiSearch(communityId, q, aiActive);
  const drafts = useSupplierDrafts(communityId, isAdmin);
  const changes = useSupplierChanges(communityId);

  const pages = list.data?.pages;
  const listed = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  const serviceTypes = pages?.[0]?.service_types ?? [];
  const suppliers = aiActive ? (ai.data?.results ?? []) : listed;
  const loading = aiActive ? ai.isPending : list.isPending;
  const failed = aiActive ? ai.isError : list.isError;
  const now = useMemo(() => new Date(), [list.dataUpdatedAt, ai.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps -- ages are derived at each fetch

  useEffect(() => {
    if (ai.isError) toast.error(T.searchFailed);
  }, [ai.isError, toast]);

  // S3 §4: the first time AI search is switched on, the suppliers' embeddings are processed.
  const switchAi = (on: boolean) => {
    setAiMode(on);
    if (!on || initialized.current) return;
    initialized.current = true;
    toast.info(T.aiInitializing);
    changes.processAll.mutate(undefined, { onSuccess: () => toast.success(T.aiReady) });
  };

  return (
    <SpaceBetween size="l">
      <PageHeader disabled={false} processing={changes.processAll.isPending} onProcess={() => changes.processAll.mutate()} />
      {isAdmin && (
        <SupplierDrafts
          drafts={drafts.data?.items ?? []}
          busy={changes.accept.isPending || changes.dismiss.isPending}
          onAccept={(d) => changes.accept.mutate(d.draft_id)}
          onDismiss={(d) => changes.dismiss.mutate(d.draft_id)}
        />
      )}
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId as Tab)}
        tabs={[
          {
            id: 'browse',
            label: T.browseTab,
            content: (
              <SpaceBetween size="m">
                <SpaceBetween direction="horizontal" size="m" alignItems="center">
                  <div style={{ minWidth: 'min(420px, 80vw)' }}>
                    <Input
                      type="search"
                      value={text}
                      placeholder={T.searchPlaceholder}
                      ariaLabel={T.searchPlaceholder}
                      onChange={({ detail }) => setText(detail.value)}
                    />
                  </div>
                  <Toggle checked={aiMode} onChange={({ detail }) => switchAi(detail.checked)}>
                    {T.aiSearch}
                  </Toggle>
                </SpaceBetween>
                {!aiMode && serviceTypes.length > 0 && (
                  <div role="group" aria-label="Service types" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
                    {serviceTypes.map((type) => (
                      <Button
                        key={type}
                        variant={serviceType === type ? 'primary' : 'normal'}
                        ariaLabel={type}
                        onClick={() => setServiceType(serviceType === type ? null : type)}
                      >
                        <span dir="auto">{type}</span>
                      </Button>
                    ))}
                    {serviceType && (
                      <Button variant="link" onClick={() => setServiceType(null)}>
                        {T.clearFilter}
                      </Button>
                    )}
                  </div>
                )}
                {aiActive && ai.data && (
                  <Box variant="small" color="text-status-info">
                    {T.aiNote}
                    {ai.data.fallback ? ` — ${T.aiFallback}` : ''}
                  </Box>
                )}
                {failed ? (
                  <Alert type="error" header={T.errorTitle}>
                    {T.errorBody}
                  </Alert>
                ) : (
                  <SupplierCards
                    suppliers={suppliers}
                    compact={compact}
                    now={now}
                    loading={loading}
                    empty={<Empty filtered={q !== '' || serviceType !== null} />}
                    onEdit={setEditing}
                    onDelete={setDeleting}
                  />
                )}
                {!aiActive && list.hasNextPage && (
                  <Box textAlign="center">
                    <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                      {T.loadMore}
                    </Button>
                  </Box>
                )}
              </SpaceBetween>
            ),
          },
          {
            id: 'add',
            label: T.addTab,
            content: (
              <Container>
                <SupplierForm
                  initial={null}
                  submitLabel={T.form.submit}
                  submittingLabel={T.form.submitting}
                  submitting={changes.create.isPending}
                  onSubmit={async (body) => {
                    await changes.create.mutateAsync(body);
                    setTab('browse');
                  }}
                />
              </Container>
            ),
          },
        ]}
      />
      {editing && (
        <Modal visible size="large" header={T.edit} closeAriaLabel={T.cancel} onDismiss={() => setEditing(null)}>
          <SupplierForm
            initial={editing}
            submitLabel={T.save}
            submittingLabel={T.saving}
            submitting={changes.update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await changes.update.mutateAsync({ supplierId: editing.supplier_id, body });
              setEditing(null);
            }}
          />
        </Modal>
      )}
      {deleting && (
        <Modal
          visible
          header={T.deleteConfirmTitle}
          closeAriaLabel={T.cancel}
          onDismiss={() => setDeleting(null)}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setDeleting(null)}>
                  {T.cancel}
                </Button>
                <Button
                  variant="primary"
                  loading={changes.remove.isPending}
                  onClick={() => changes.remove.mutate(deleting.supplier_id, { onSettled: () => setDeleting(null) })}
                >
                  {T.delete}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <span dir="auto">{T.deleteConfirm(deleting.supplier_name)}</span>
        </Modal>
      )}
    </SpaceBetween>
  );
}
