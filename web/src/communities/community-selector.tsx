import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import { useCurrentCommunity } from './current-community';

/** Texts of the community selector. */
export const communitySelectorText = {
  label: 'Community',
  placeholder: 'Select a community',
  admin: 'Admin',
} as const;

/**
 * The community selector of the header (S1 §2, §4): the user's communities by display name, the
 * selected one checked; choosing another stores it and says 'Switched to {display name}'. A menu
 * button, like the user menu beside it, rather than a Select: the header then carries one dropdown
 * component, not two (a Select would add ~15 KB gzip to every signed-in first visit).
 */
export function CommunitySelector({ expandToViewport = true }: { expandToViewport?: boolean }) {
  const { communities, community, switchTo } = useCurrentCommunity();
  if (communities.length === 0) return null;
  const selectedId = community?.community_id ?? null;
  const items: ButtonDropdownProps.CheckboxItem[] = communities.map((c) => ({
    itemType: 'checkbox',
    id: c.community_id,
    text: c.display_name,
    checked: c.community_id === selectedId,
    ...(c.role === 'Admin' ? { labelTag: communitySelectorText.admin } : {}),
  }));
  const shown = community?.display_name ?? communitySelectorText.placeholder;
  return (
    <ButtonDropdown
      items={items}
      ariaLabel={`${communitySelectorText.label}: ${shown}`}
      expandToViewport={expandToViewport}
      onItemClick={({ detail }) => {
        if (detail.id !== selectedId) switchTo(detail.id);
      }}
    >
      <span dir="auto">{shown}</span>
    </ButtonDropdown>
  );
}
