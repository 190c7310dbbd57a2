import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import type { MemberRole } from './member-role';
import { CrownIcon } from './crown-icon';
import styles from './app-shell.module.css';

/** S1 §2 texts of the user menu. */
export const userMenuText = {
  profile: 'Your Profile',
  signOut: 'Sign Out',
  member: 'Community Member',
} as const;

/** Props of the user menu. `role` is unknown (undefined) until community selection provides it. */
export interface UserMenuProps {
  readonly userName: string;
  readonly role: MemberRole | undefined;
  /** Icon-only trigger for the mobile header. */
  readonly compact: boolean;
  readonly signingOut: boolean;
  readonly onProfile: () => void;
  readonly onSignOut: () => void;
}

/** The header's user menu: Your Profile and Sign Out; members see 'Community Member', admins a crown. */
export function UserMenu({ userName, role, compact, signingOut, onProfile, onSignOut }: UserMenuProps) {
  const actions: ButtonDropdownProps.Item[] = [
    { id: 'profile', text: userMenuText.profile },
    { id: 'sign-out', text: userMenuText.signOut, disabled: signingOut },
  ];
  const items: ButtonDropdownProps.ItemOrGroup[] =
    role === 'Member' ? [{ text: userMenuText.member, items: actions }] : actions;
  const onItemClick: ButtonDropdownProps['onItemClick'] = ({ detail }) => {
    if (detail.id === 'profile') onProfile();
    if (detail.id === 'sign-out') onSignOut();
  };

  return (
    <span className={styles.userMenu}>
      {role === 'Admin' && (
        <span className={styles.crown} role="img" aria-label="Admin" title="Admin">
          <CrownIcon />
        </span>
      )}
      {compact ? (
        <ButtonDropdown
          variant="icon"
          iconName="user-profile"
          ariaLabel={`User menu (${userName})`}
          items={items}
          onItemClick={onItemClick}
          loading={signingOut}
        />
      ) : (
        <ButtonDropdown items={items} onItemClick={onItemClick} loading={signingOut}>
          <span dir="auto">{userName}</span>
        </ButtonDropdown>
      )}
    </span>
  );
}
