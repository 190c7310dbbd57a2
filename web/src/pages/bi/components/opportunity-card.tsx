import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { OPPORTUNITY_CURRENCY_SYMBOL, type BusinessOpportunity } from '@kehila/shared';
import { AppLink } from '../../../components/app-link';
import { BI_TEXTS as T } from '../bi-texts';
import { memberLabel, money, percent } from '../bi-format';

/** Where a cited message opens: the messages table on that message. */
export const messageHref = (msgId: string) => `/messages?view=table&id=${encodeURIComponent(msgId)}`;

const URGENCY_COLOR = { urgent: 'red', high: 'red', medium: 'blue', low: 'grey' } as const;

/** One opportunity card of the Revenue tab (S3 §2): every field, the matched member, the messages it came from. */
export function OpportunityCard({
  o,
  isAdmin,
  onMember,
  onDelete,
}: {
  o: BusinessOpportunity;
  isAdmin: boolean;
  onMember: (o: BusinessOpportunity) => void;
  onDelete: (o: BusinessOpportunity) => void;
}) {
  const m = o.metadata;
  return (
    <div data-opportunity={o.id}>
      <Container
        header={
          <Header
            variant="h3"
            description={
              <SpaceBetween direction="horizontal" size="xs">
                <Badge>{o.opportunity_type.replace(/_/g, ' ')}</Badge>
                <Badge color={URGENCY_COLOR[o.urgency_level]}>{o.urgency_level}</Badge>
                <span>{T.confidence(percent(o.confidence_score))}</span>
              </SpaceBetween>
            }
            actions={
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <Box variant="h3" tagOverride="span">
                  {o.estimated_value === null ? T.tbd : money(OPPORTUNITY_CURRENCY_SYMBOL, o.estimated_value)}
                </Box>
                {isAdmin && (
                  <Button
                    variant="icon"
                    iconName="remove"
                    ariaLabel={`${T.delete} ${o.title}`}
                    onClick={() => onDelete(o)}
                  />
                )}
              </SpaceBetween>
            }
          >
            {o.title}
          </Header>
        }
      >
        <SpaceBetween size="s">
          {o.description && (
            <Box>
              <bdi dir="auto">{o.description}</bdi>
            </Box>
          )}
          <div>
            <Box variant="awsui-key-label">{T.matchedMember}</Box>
            {o.member && o.member_id ? (
              <Link
                variant="primary"
                onFollow={() => onMember(o)}
                ariaLabel={`${T.memberDialog} ${memberLabel(o.member)}`}
              >
                <bdi dir="auto">{memberLabel(o.member)}</bdi>
                {o.member.company ? (
                  <>
                    {' '}
                    · <bdi dir="auto">{o.member.company}</bdi>
                  </>
                ) : null}
              </Link>
            ) : (
              <Box color="text-body-secondary">{T.noMatch}</Box>
            )}
            {m.unregistered_phone && m.normalized_phone && (
              <Box variant="small" color="text-status-warning">
                {T.unregisteredPhone(`+${m.normalized_phone}`)}
              </Box>
            )}
          </div>
          <SpaceBetween direction="horizontal" size="l">
            <div>
              <Box variant="awsui-key-label">{T.commission}</Box>
              <div>
                {typeof m.commission_estimate === 'number'
                  ? money(OPPORTUNITY_CURRENCY_SYMBOL, m.commission_estimate)
                  : T.tbd}
              </div>
            </div>
            <div>
              <Box variant="awsui-key-label">Timeline</Box>
              <div>{o.timeline_days === null ? T.noTimeline : T.timeline(o.timeline_days)}</div>
            </div>
            <div>
              <Box variant="awsui-key-label">{T.created}</Box>
              <div>{new Date(o.created_at).toLocaleDateString()}</div>
            </div>
          </SpaceBetween>
          {m.action_items && m.action_items.length > 0 && (
            <div>
              <Box variant="awsui-key-label">{T.actionItems}</Box>
              <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                {m.action_items.map((a) => (
                  <li key={a}>
                    <bdi dir="auto">{a}</bdi>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {m.intro_script && (
            <div>
              <Box variant="awsui-key-label">{T.introScript}</Box>
              <Box padding="xs">
                <div dir="rtl" lang="he" data-intro-script>
                  {m.intro_script}
                </div>
              </Box>
            </div>
          )}
          <div>
            <Box variant="awsui-key-label">{T.sourceMessages}</Box>
            <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
              {o.source_messages.map((s) => (
                <li key={s.msg_id}>
                  <AppLink to={messageHref(s.msg_id)}>
                    <bdi dir="auto">
                      {s.sender_name ? `${s.sender_name}: ` : ''}
                      {s.excerpt}
                    </bdi>
                  </AppLink>{' '}
                  <Box variant="small" color="text-body-secondary" display="inline">
                    {new Date(s.timestamp).toLocaleString()}
                  </Box>
                </li>
              ))}
            </ul>
          </div>
        </SpaceBetween>
      </Container>
    </div>
  );
}
