import { createContext, useContext } from 'react';
import type { PublicLang } from '@kehila/shared/public-pages';

/**
 * /login in Hebrew (`?lang=he`, right to left): the view the Hebrew landing and pricing pages open for
 * Start Free Trial and Sign In. The English texts stay where they are written (the S1 texts beside each
 * component); this table gives each its Hebrew, read at display time. A text with no entry (a server's
 * answer we do not know) shows as it came. `login-lang.test.ts` checks that every text of the view has
 * an entry.
 */
export const LOGIN_HEBREW: Readonly<Record<string, string>> = {
  // The page (index.tsx)
  'Sign in to Kehila': 'כניסה ל-Kehila',
  'Logged in successfully': 'נכנסת בהצלחה',
  'Verifying your email…': 'מאמתים את כתובת האימייל…',
  'Resend verification email': 'שליחה חוזרת של מייל האימות',
  'Back to Home': 'חזרה לדף הבית',
  'Registration Error': 'שגיאה בהרשמה',
  Loading: 'טוען',
  // When a view's code fails to load (login-views.tsx, the route error page's texts)
  'Something went wrong': 'משהו השתבש',
  'Refresh Page': 'רענון הדף',
  // Sign-in form
  Email: 'אימייל',
  Password: 'סיסמה',
  'Forgot password?': 'שכחת את הסיסמה?',
  'Sign in with Google': 'כניסה עם Google',
  'Sign In with Email': 'כניסה עם אימייל',
  'Signing in': 'נכנסים',
  'Create Your Account': 'יצירת חשבון',
  Show: 'הצגה',
  or: 'או',
  'Google sign-in needs a deployment with a Google sign-in client configured; this one has none. Sign in with your email instead.':
    'כניסה עם Google דורשת התקנה שמוגדר בה לקוח כניסה של Google, ובהתקנה הזו אין. אפשר להיכנס עם אימייל.',
  // Sign-up form
  'Country code': 'קידומת מדינה',
  'WhatsApp phone number': 'מספר הטלפון בוואטסאפ',
  'The number you use in your WhatsApp group; the Kehila bot recognises you by it.':
    'המספר שאיתו אתם בקבוצת הוואטסאפ; הבוט של Kehila מזהה אתכם לפיו.',
  'I accept the Privacy Policy': 'אני מסכים/ה למדיניות הפרטיות',
  'Read the Privacy Policy': 'למדיניות הפרטיות',
  'I agree to receive email communications from Kehila': 'אני מסכים/ה לקבל עדכונים באימייל מ-Kehila',
  Continue: 'המשך',
  'Creating Account...': 'יוצרים את החשבון...',
  'Sign up with Google': 'הרשמה עם Google',
  'Back to Login': 'חזרה לכניסה',
  Israel: 'ישראל',
  USA: 'ארה״ב',
  Canada: 'קנדה',
  UK: 'בריטניה',
  India: 'הודו',
  Germany: 'גרמניה',
  France: 'צרפת',
  Italy: 'איטליה',
  Spain: 'ספרד',
  // Sign-up result
  'Almost There!': 'כמעט שם!',
  'Try Again': 'לנסות שוב',
  'Account Created Successfully': 'החשבון נוצר בהצלחה',
  'We sent a verification link to': 'שלחנו קישור אימות אל',
  'Back to login': 'חזרה לכניסה',
  // Forgot password
  'Reset your password': 'איפוס סיסמה',
  "Enter your account's email and we'll send you a link to set a new password.":
    'הזינו את האימייל של החשבון ונשלח לכם קישור לבחירת סיסמה חדשה.',
  'Send reset email': 'שליחת מייל איפוס',
  'Send another reset email': 'שליחת מייל איפוס נוסף',
  // Google terms dialog
  'Before you continue with Google': 'לפני שממשיכים עם Google',
  'Please confirm the following to create or use your Kehila account with Google.':
    'כדי ליצור חשבון Kehila עם Google או להשתמש בו, אשרו את הדברים הבאים.',
  'Continue with Google': 'המשך עם Google',
  Cancel: 'ביטול',
  Close: 'סגירה',
  // The local dev mailbox note
  'Running locally: no e-mail is sent': 'הרצה מקומית: לא נשלח אימייל',
  'The link and code are in the dev mailbox.': 'הקישור והקוד נמצאים בתיבת הדואר של הפיתוח.',
  'Open the dev mailbox': 'לתיבת הדואר של הפיתוח',
  // Form rules (S1 §5)
  'Email is required': 'חובה להזין אימייל',
  'Please enter a valid email': 'נא להזין אימייל תקין',
  'Password is required': 'חובה להזין סיסמה',
  'Password must be at least 6 characters': 'הסיסמה חייבת להכיל לפחות 6 תווים',
  'You must accept the Privacy Policy to continue': 'כדי להמשיך יש להסכים למדיניות הפרטיות',
  'You must agree to receive communications to continue': 'כדי להמשיך יש להסכים לקבלת עדכונים',
  'WhatsApp phone number is required': 'חובה להזין מספר טלפון בוואטסאפ',
  'Country code is required': 'חובה לבחור קידומת מדינה',
  'Please enter a valid WhatsApp phone number': 'נא להזין מספר טלפון תקין בוואטסאפ',
  'Invalid phone number': 'מספר טלפון לא תקין',
  'Please fill in all required fields': 'נא למלא את כל שדות החובה',
  'Please enter your email address': 'נא להזין את כתובת האימייל',
  'This password is too common. Please choose another one.': 'הסיסמה הזו נפוצה מדי. נא לבחור סיסמה אחרת.',
  'This account has been deleted': 'החשבון הזה נמחק',
  // Answers of sign-up, sign-in, verification and reset (S1 §8)
  'An account with this email already exists. Please log in instead.': 'כבר קיים חשבון עם האימייל הזה. נא להיכנס אליו.',
  'Failed to create user account': 'יצירת החשבון נכשלה',
  'Account created successfully! Please check your email to verify your account.':
    'החשבון נוצר בהצלחה! בדקו את תיבת האימייל כדי לאמת את החשבון.',
  'Verification email resent successfully': 'מייל האימות נשלח שוב',
  'Your email is verified. Sign in to continue.': 'האימייל אומת. היכנסו כדי להמשיך.',
  'Your email is already verified. Please sign in.': 'האימייל כבר אומת. נא להיכנס.',
  'This verification link has expired. Request a new verification email below.':
    'תוקף קישור האימות פג. אפשר לבקש מייל אימות חדש כאן למטה.',
  'This verification link is not valid. Open the latest email we sent you, or request a new one below.':
    'קישור האימות אינו תקין. פתחו את המייל האחרון ששלחנו, או בקשו מייל חדש כאן למטה.',
  'Incorrect email or password.': 'האימייל או הסיסמה שגויים.',
  'Please verify your email before signing in. Check your inbox for the verification email.':
    'נא לאמת את האימייל לפני הכניסה. מייל האימות מחכה בתיבת הדואר.',
  'Your password must be reset before you can sign in.': 'יש לאפס את הסיסמה לפני הכניסה.',
  'This account must set a new password before it can sign in. Please contact your community admin.':
    'בחשבון הזה צריך לבחור סיסמה חדשה לפני הכניסה. נא לפנות למנהל/ת הקהילה.',
  'Too many sign-in attempts. Please wait a moment and try again.':
    'יותר מדי ניסיונות כניסה. נא להמתין רגע ולנסות שוב.',
  'This account is disabled. Please contact your community admin.': 'החשבון הזה מושבת. נא לפנות למנהל/ת הקהילה.',
  'This account needs a sign-in step that Kehila does not support yet.':
    'החשבון הזה דורש שלב כניסה ש-Kehila עדיין לא תומכת בו.',
  // Two-factor code step (totp-code-step.tsx, auth/totp-code.ts)
  'Two-factor sign-in': 'כניסה בשני שלבים',
  'Open your authenticator app and enter the 6-digit code it shows for Kehila.':
    'פתחו את אפליקציית האימות והזינו את הקוד בן 6 הספרות שהיא מציגה עבור Kehila.',
  'Authentication code': 'קוד אימות',
  Verify: 'אימות',
  Verifying: 'מאמתים',
  'Back to sign in': 'חזרה לכניסה',
  'Enter the 6-digit code from your authenticator app.': 'הזינו את הקוד בן 6 הספרות מאפליקציית האימות.',
  'Invalid code. Check your authenticator app and enter the current code.':
    'הקוד שגוי. בדקו באפליקציית האימות והזינו את הקוד הנוכחי.',
  'This sign-in took too long. Go back and sign in again.': 'הכניסה ארכה יותר מדי. חזרו אחורה והיכנסו שוב.',
  'Password reset email sent! Please check your inbox.': 'מייל איפוס הסיסמה נשלח! בדקו את תיבת הדואר.',
  'Failed to send password reset email': 'שליחת מייל איפוס הסיסמה נכשלה',
  'Poor network connection. Please check your internet and try again.': 'החיבור לרשת חלש. בדקו את החיבור ונסו שוב.',
  'Request timed out. Please check your connection and try again.': 'הבקשה ארכה יותר מדי. בדקו את החיבור ונסו שוב.',
  'Something went wrong. Please try again.': 'משהו השתבש. נא לנסות שוב.',
};

/** The language of /login: English unless the address says `?lang=he`. */
export const LoginLangContext = createContext<PublicLang>('en');

/** The text as /login shows it in its language (`undefined` and `null` pass through). */
export function translateLogin<T extends string | null | undefined>(text: T, lang: PublicLang): T {
  if (lang === 'en' || typeof text !== 'string') return text;
  return (LOGIN_HEBREW[text] ?? text) as T;
}

/** `translateLogin` in the page's language. */
export function useLoginText(): <T extends string | null | undefined>(text: T) => T {
  const lang = useContext(LoginLangContext);
  return (text) => translateLogin(text, lang);
}
