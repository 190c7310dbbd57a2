import Select from '@cloudscape-design/components/select';
import { useCurrentCommunity } from './current-community';

/** Texts of the community selector. */
export const communitySelectorText = {
  label: 'Community',
  placeholder: 'Select a community',
} as const;

/**
 * The community selector of the header (S1 §2, §4): the user's communities by display name; choosing
 * one stores it and says 'Switched to {display name}'.
 */
export function CommunitySelector({ expandToViewport = true }: { expandToViewport?: boolean }) {
  const { communities, community, switchTo } = useCurrentCommunity();
  if (communities.length === 0) return null;
  const options = communities.map((c) => ({
    value: c.community_id,
    label: c.display_name,
    ...(c.role === 'Admin' ? { tags: ['Admin'] } : {}),
  }));
  return (
    <div style={{ minWidth: 220, maxWidth: 360 }}>
      <Select
        ariaLabel={communitySelectorText.label}
        placeholder={communitySelectorText.placeholder}
        selectedOption={options.find((o) => o.value === community?.community_id) ?? null}
        options={options}
        expandToViewport={expandToViewport}
        onChange={({ detail }) => {
          const id = detail.selectedOption.value;
          if (id && id !== community?.community_id) switchTo(id);
        }}
      />
    </div>
  );
}
