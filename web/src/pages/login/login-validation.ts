/** The login form's values. */
export interface LoginValues {
  readonly email: string;
  readonly password: string;
}

/** Per-field messages; a field without a message is valid. */
export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** S1 §5 "Login: e-mail and password required", with the account form's texts. */
export const loginValidationText = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;

/** Checks the login form before any call is made. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.email.trim()) errors.email = loginValidationText.emailRequired;
  if (!values.password) errors.password = loginValidationText.passwordRequired;
  return errors;
}
