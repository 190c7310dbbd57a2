import { ACCOUNT_FORM_COUNTRIES, DEFAULT_COUNTRY_CODE } from '@kehila/shared/constants';

// The account form's values, which the page holds from its first render: apart from the form itself
// (sign-up-form.tsx), which loads with the other views of /login after the first interaction.

/** The account form as the inputs hold it; the country is the chosen entry of the 9 (USA and Canada share +1). */
export interface SignUpValues {
  readonly email: string;
  readonly password: string;
  readonly countryIso: string;
  readonly phone: string;
  readonly acceptedPrivacyPolicy: boolean;
  readonly acceptedEmailCommunications: boolean;
}

/** A blank account form with the default country, +972 (S1 §2). */
export function emptySignUpValues(email = ''): SignUpValues {
  const iso = ACCOUNT_FORM_COUNTRIES.find((c) => c.code === DEFAULT_COUNTRY_CODE)?.iso ?? 'IL';
  return {
    email,
    password: '',
    countryIso: iso,
    phone: '',
    acceptedPrivacyPolicy: false,
    acceptedEmailCommunications: false,
  };
}

/** The country code of the chosen entry. */
export function countryCodeOf(iso: string): string {
  return ACCOUNT_FORM_COUNTRIES.find((c) => c.iso === iso)?.code ?? '';
}
