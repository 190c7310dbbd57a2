import { useEffect } from 'react';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import {
  AI_SEARCH_DEBOUNCE_MS,
  MESSAGES_TEXTS,
  aiIndexBadgeColor,
  type SearchStats,
  type SearchType,
} from '@kehila/shared';
import { ColorBadge } from '../../../components/messages/color-badge';
import styles from '../messages-page.module.scss';

/** Words of the search panel. */
export const SEARCH_TEXTS = {
  standard: 'Standard Search',
  ai: 'AI Search',
  standardPlaceholder: 'Search messages (or id:…, sender:…, topic:…)',
  aiPlaceholder: 'Describe what you are looking for',
  indexed: (pct: number) => `${pct}% indexed`,
  localModel:
    'AI search here runs on the local model: offline word statistics learned from this community’s own messages, not a large language model. It finds related words that are used together, so results are rougher than a cloud model’s.',
} as const;

/** The AI tab's state, from useAiSearch. */
export interface AiSearchView {
  readonly input: string;
  readonly change: (value: string) => void;
  readonly submit: () => void;
  readonly term: string;
  readonly results: readonly unknown[] | null;
  readonly searching: boolean;
  readonly tooShort: boolean;
  readonly stats: SearchStats | null;
  /** The AI behind it is the local model (say so plainly). */
  readonly localModel: boolean;
}

/**
 * The search panel (S2 §2.1, §5): Standard Search (the list's text search; id:, sender:, topic:
 * prefixes) and AI Search (meaning-based; 2+ characters; 500 ms pause or Enter; indexed badge).
 */
export function SearchPanel({
  searchType,
  onSearchType,
  standardInput,
  onStandardInput,
  onStandardCommit,
  ai,
}: {
  searchType: SearchType;
  onSearchType: (t: SearchType) => void;
  standardInput: string;
  onStandardInput: (value: string) => void;
  onStandardCommit: () => void;
  ai: AiSearchView;
}) {
  // The standard term is applied after the same pause as AI search, or at once on Enter.
  useEffect(() => {
    const timer = setTimeout(onStandardCommit, AI_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [standardInput, onStandardCommit]);

  const pct = ai.stats?.indexed_percentage;
  return (
    <Tabs
      activeTabId={searchType}
      onChange={({ detail }) => onSearchType(detail.activeTabId as SearchType)}
      ariaLabel="Search"
      tabs={[
        {
          id: 'standard',
          label: SEARCH_TEXTS.standard,
          content: (
            <Input
              type="search"
              value={standardInput}
              placeholder={SEARCH_TEXTS.standardPlaceholder}
              ariaLabel={SEARCH_TEXTS.standard}
              onChange={({ detail }) => onStandardInput(detail.value)}
              onKeyDown={({ detail }) => {
                if (detail.key === 'Enter') onStandardCommit();
              }}
            />
          ),
        },
        {
          id: 'pinecone',
          label: SEARCH_TEXTS.ai,
          content: (
            <SpaceBetween size="xs">
              <FormField
                constraintText={ai.tooShort ? MESSAGES_TEXTS.aiMinChars : undefined}
                secondaryControl={
                  pct !== undefined ? (
                    <span data-testid="ai-index-badge" data-color={aiIndexBadgeColor(pct)}>
                      <ColorBadge color={aiIndexBadgeColor(pct)} title="Messages indexed for AI search">
                        {SEARCH_TEXTS.indexed(pct)}
                      </ColorBadge>
                    </span>
                  ) : undefined
                }
                stretch
              >
                <Input
                  type="search"
                  value={ai.input}
                  placeholder={SEARCH_TEXTS.aiPlaceholder}
                  ariaLabel={SEARCH_TEXTS.ai}
                  onChange={({ detail }) => ai.change(detail.value)}
                  onKeyDown={({ detail }) => {
                    if (detail.key === 'Enter') ai.submit();
                  }}
                />
              </FormField>
              {ai.searching && (
                <Box color="text-body-secondary" fontSize="body-s">
                  <Spinner /> Searching…
                </Box>
              )}
              {!ai.searching && ai.results && ai.results.length > 0 && (
                <Box color="text-body-secondary" fontSize="body-s">
                  <span dir="auto">
                    {ai.results.length} {ai.results.length === 1 ? 'message' : 'messages'} related to “{ai.term}”
                  </span>
                </Box>
              )}
              {ai.localModel && <div className={styles.modelNote}>{SEARCH_TEXTS.localModel}</div>}
            </SpaceBetween>
          ),
        },
      ]}
    />
  );
}
