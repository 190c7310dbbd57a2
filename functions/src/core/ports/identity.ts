/** A new e-mail account as the user pool receives it. */
export interface SignUpRequest {
  /** The user name (the pool signs in with e-mail). */
  readonly email: string;
  readonly password: string;
  /** User attributes besides the e-mail (`custom:phone`, `custom:country_code`). */
  readonly attributes: Readonly<Record<string, string>>;
  /** Handed to the PreSignUp trigger (consents, the sign-up ticket); never stored. */
  readonly clientMetadata: Readonly<Record<string, string>>;
}

/** A new password set with the code of a reset e-mail. */
export interface PasswordResetRequest {
  readonly email: string;
  readonly code: string;
  readonly password: string;
}

/**
 * The user pool refused a call: `code` is its exception name (UsernameExistsException,
 * CodeMismatchException, UserLambdaValidationException...), or `Unreachable` when no answer came.
 */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status of the answer; 0 when unreachable. */
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The user pool: its public operations, called as the web client (the app client id, no AWS
 * credentials), and the one administrative operation the service makes, deleting a user who asked
 * for it (signed with the function's role, which only the rights worker is granted). Cognito in the
 * cloud, cognito-local behind the local stack's proxy. Throws IdentityError.
 */
export interface IdentityPort {
  signUp(request: SignUpRequest): Promise<{ userId: string; userConfirmed: boolean }>;
  confirmPasswordReset(request: PasswordResetRequest): Promise<void>;
  /**
   * Deletes a user from the pool by user name (`cognito:username`; the `sub` for e-mail accounts):
   * resolves to false when there was no such user (already deleted), so a retry finishes.
   */
  deleteUser(userName: string): Promise<boolean>;
}
