// The views of /login besides sign-in (docs/public-pages.md): the account form and its outcomes, forgot
// password and the two-factor step, with what only they use (Select, Checkbox, zod's account schemas).
// Loaded by `preloadLoginViews()` (login-views.tsx) on the visitor's first interaction, so the first
// load of the prerendered sign-in view does without them.

export { ForgotPassword, forgotPasswordText } from './forgot-password';
export { SignUpErrorCard, SignUpSuccess, signUpResultText } from './sign-up-result';
export { SignUpForm, signUpText, validateSignUp } from './sign-up-form';
export { TotpCodeStep, totpStepText } from './totp-code-step';
