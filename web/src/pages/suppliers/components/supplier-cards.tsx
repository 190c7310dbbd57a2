import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCollection } from '@cloudscape-design/collection-hooks';
import {
  compactSupplierText,
  isHttpUrl,
  supplierAge,
  supplierCallLink,
  supplierCardText,
  supplierWhatsAppLink,
  textDirection,
  type SupplierView,
} from '@kehila/shared';
import { CopyButton } from '../../../components/copy-button';
import { SUPPLIERS_TEXTS } from '../suppliers-texts';

/** Text that may be Hebrew: its own direction, so it reads right-to-left inside the English card. */
function Bidi({ text }: { text: string }) {
  return <span dir={textDirection(text)}>{text}</span>;
}

function Phone({ s }: { s: SupplierView }) {
  if (!s.phone_number) return null;
  const call = supplierCallLink(s.phone_number);
  const whatsapp = supplierWhatsAppLink(s.phone_number);
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <span dir="ltr">{s.phone_number}</span>
      <CopyButton text={s.phone_number} label={SUPPLIERS_TEXTS.copyPhone(s.supplier_name)} />
      {call && (
        <Button variant="inline-link" iconName="call" href={call} ariaLabel={`${SUPPLIERS_TEXTS.call} ${s.supplier_name}`}>
          {SUPPLIERS_TEXTS.call}
        </Button>
      )}
      {whatsapp && (
        <Button
          variant="inline-link"
          iconName="contact"
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          ariaLabel={`${SUPPLIERS_TEXTS.whatsapp} ${s.supplier_name}`}
        >
          {SUPPLIERS_TEXTS.whatsapp}
        </Button>
      )}
    </SpaceBetween>
  );
}

/**
 * The supplier cards (S3 §2): service type, name, Special badge, contact, phone with copy / call /
 * WhatsApp, description or recommendation context (cut at 80 characters on the compact mobile card),
 * website, 'Added by {recommender}' and the relative age; edit and delete for who may change it.
 */
export function SupplierCards({
  suppliers,
  compact,
  now,
  empty,
  loading,
  onEdit,
  onDelete,
}: {
  suppliers: readonly SupplierView[];
  compact: boolean;
  now: Date;
  empty: React.ReactNode;
  loading: boolean;
  onEdit: (s: SupplierView) => void;
  onDelete: (s: SupplierView) => void;
}) {
  const { items, collectionProps } = useCollection([...suppliers], { filtering: { empty } });
  return (
    <Cards
      {...collectionProps}
      items={items}
      loading={loading}
      loadingText="Loading suppliers"
      trackBy="supplier_id"
      ariaLabels={{ itemSelectionLabel: (_s, i) => i.supplier_name, selectionGroupLabel: 'Suppliers' }}
      cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1100, cards: 3 }]}
      cardDefinition={{
        header: (s) => (
          <SpaceBetween size="xxxs">
            {s.service_type && (
              <Box variant="small" color="text-body-secondary">
                <Bidi text={s.service_type} />
              </Box>
            )}
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Box variant="h3" padding="n">
                <Bidi text={s.supplier_name} />
              </Box>
              {s.is_reservist_special && <Badge color="green">{SUPPLIERS_TEXTS.special}</Badge>}
            </SpaceBetween>
          </SpaceBetween>
        ),
        sections: [
          {
            id: 'contact',
            content: (s) =>
              s.contact_person || s.phone_number ? (
                <SpaceBetween size="xxs">
                  {s.contact_person && <Bidi text={s.contact_person} />}
                  <Phone s={s} />
                </SpaceBetween>
              ) : null,
          },
          {
            id: 'text',
            content: (s) => {
              const text = supplierCardText(s);
              if (!text) return null;
              return (
                <Box variant="p" padding="n">
                  <span dir={textDirection(text)} style={{ display: 'block' }}>
                    {compact ? compactSupplierText(text) : text}
                  </span>
                </Box>
              );
            },
          },
          {
            id: 'website',
            content: (s) =>
              !compact && s.website && isHttpUrl(s.website) ? (
                <Link href={s.website} external>
                  {SUPPLIERS_TEXTS.website}
                </Link>
              ) : null,
          },
          {
            id: 'added',
            content: (s) => {
              const by = s.recommender_name ?? s.added_by_name;
              return (
                <Box variant="small" color="text-body-secondary">
                  {by ? (
                    <>
                      {`${SUPPLIERS_TEXTS.addedBy} `}
                      <Bidi text={by} />
                      {' · '}
                    </>
                  ) : null}
                  {supplierAge(s.date_added, now)}
                </Box>
              );
            },
          },
          {
            id: 'manage',
            content: (s) =>
              s.can_manage ? (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button variant="inline-link" iconName="edit" ariaLabel={`${SUPPLIERS_TEXTS.edit} ${s.supplier_name}`} onClick={() => onEdit(s)}>
                    {SUPPLIERS_TEXTS.edit}
                  </Button>
                  <Button variant="inline-link" iconName="remove" ariaLabel={`${SUPPLIERS_TEXTS.delete} ${s.supplier_name}`} onClick={() => onDelete(s)}>
                    {SUPPLIERS_TEXTS.delete}
                  </Button>
                </SpaceBetween>
              ) : null,
          },
        ],
      }}
    />
  );
}
