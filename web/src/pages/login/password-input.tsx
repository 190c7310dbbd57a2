import { useState } from 'react';
import Input from '@cloudscape-design/components/input';
import ToggleButton from '@cloudscape-design/components/toggle-button';
import { EyeIcon, EyeOffIcon } from './eye-icons';
import styles from './password-input.module.css';

/** A password field with the show/hide toggle of the login and sign-up forms (S1 §2). */
export function PasswordInput(props: {
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  autoComplete: 'current-password' | 'new-password';
  /** The toggle's name. No "password" in it: tools find the field with getByLabel(/password/i). */
  showLabel: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.passwordRow}>
      <div className={styles.passwordInput}>
        <Input
          type={shown ? 'text' : 'password'}
          autoComplete={props.autoComplete}
          value={props.value}
          invalid={props.invalid}
          onChange={({ detail }) => props.onChange(detail.value)}
        />
      </div>
      <ToggleButton
        variant="icon"
        iconSvg={<EyeIcon />}
        pressedIconSvg={<EyeOffIcon />}
        ariaLabel={props.showLabel}
        pressed={shown}
        onChange={({ detail }) => setShown(detail.pressed)}
      />
    </div>
  );
}
