import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { textDirection, type SupplierDraft } from '@kehila/shared';
import { SUPPLIERS_TEXTS } from '../suppliers-texts';

const T = SUPPLIERS_TEXTS.drafts;

/**
 * Recommendations found in the group's messages (beyond the spec, admins only): each with the
 * message cited, to accept as a supplier or dismiss. Hidden when there is none.
 */
export function SupplierDrafts({
  drafts,
  busy,
  onAccept,
  onDismiss,
}: {
  drafts: readonly SupplierDraft[];
  busy: boolean;
  onAccept: (d: SupplierDraft) => void;
  onDismiss: (d: SupplierDraft) => void;
}) {
  if (drafts.length === 0) return null;
  return (
    <Container header={<Header variant="h2" counter={`(${drafts.length})`} description={T.description}>{T.title}</Header>}>
      <SpaceBetween size="m">
        {drafts.map((d) => (
          <SpaceBetween key={d.draft_id} size="xxs">
            <Box variant="strong">
              <span dir={textDirection(d.supplier_name)}>{d.supplier_name}</span>
              {d.service_type ? (
                <>
                  {' · '}
                  <span dir={textDirection(d.service_type)}>{d.service_type}</span>
                </>
              ) : null}
              {d.phone_number ? (
                <>
                  {' · '}
                  <span dir="ltr">{d.phone_number}</span>
                </>
              ) : null}
            </Box>
            <blockquote dir={textDirection(d.source_text)} style={{ margin: 0, paddingInlineStart: 12, borderInlineStart: '3px solid #d1d5db' }}>
              {d.source_text}
            </blockquote>
            {d.recommender_name && (
              <Box variant="small" color="text-body-secondary">
                {T.from(d.recommender_name)}
              </Box>
            )}
            <SpaceBetween direction="horizontal" size="xs">
              <Button disabled={busy} onClick={() => onAccept(d)} ariaLabel={`${T.accept} ${d.supplier_name}`}>
                {T.accept}
              </Button>
              <Button variant="link" disabled={busy} onClick={() => onDismiss(d)} ariaLabel={`${T.dismiss} ${d.supplier_name}`}>
                {T.dismiss}
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        ))}
      </SpaceBetween>
    </Container>
  );
}
