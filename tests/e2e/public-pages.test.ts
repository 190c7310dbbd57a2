import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type E2E } from './support';

const PHONE = { width: 375, height: 812 };

/** The questions whose answer is open. */
async function openQuestions(page: Page): Promise<number> {
  return page.locator('.pp-faq button[aria-expanded="true"]').count();
}

describe('public pages in Chromium at 375 px, in English and Hebrew', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it.each([
    ['/', 'en', 'How does the free trial work?', 'Can I cancel anytime?'],
    ['/?lang=he', 'he', 'איך עובד הניסיון החינמי?', 'אפשר לבטל בכל זמן?'],
  ])('the landing FAQ (%s) keeps one answer open at a time', async (path, lang, first, second) => {
    const { page, context } = await e2e.newPage(PHONE);
    await page.goto(path);
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    expect(await page.locator('.pp').getAttribute('dir')).toBe(lang === 'he' ? 'rtl' : 'ltr');
    const faq = page.locator('#faq');
    expect(await faq.getByTestId('faq-item').count()).toBe(7);
    // Hydrated: the first click opens an answer.
    await faq.getByRole('button', { name: first }).click();
    await page.locator('.pp-faq button[aria-expanded="true"]').first().waitFor();
    expect(await openQuestions(page)).toBe(1);
    await faq.getByRole('button', { name: second }).click();
    await faq.getByRole('button', { name: second, expanded: true }).waitFor();
    expect(await openQuestions(page)).toBe(1);
    expect(await faq.getByRole('button', { name: first }).getAttribute('aria-expanded')).toBe('false');
    // Closing the open one leaves none open.
    await faq.getByRole('button', { name: second }).click();
    await faq.getByRole('button', { name: second, expanded: false }).waitFor();
    expect(await openQuestions(page)).toBe(0);
    await context.close();
  });

  it.each([
    ['/pricing', 'Annual', 'Save 25%', 'Save $48/year'],
    ['/pricing?lang=he', 'שנתי', 'חסכו 25%', 'חסכו $48 בשנה'],
  ])('the pricing toggle (%s) changes the Pro price and shows the savings', async (path, annual, percent, year) => {
    const { page, context } = await e2e.newPage(PHONE);
    await page.goto(path);
    const pro = page.getByTestId('price-Pro');
    expect(await pro.textContent()).toContain('$19');
    expect(await pro.textContent()).toContain('$23');
    expect(await page.getByTestId('save-year').count()).toBe(0);
    expect(await page.getByTestId('save-percent').isVisible()).toBe(false);
    await page.getByRole('button', { name: annual }).click();
    await page.getByTestId('save-year').waitFor();
    expect(await pro.textContent()).toContain('$15');
    expect(await pro.textContent()).not.toContain('$23');
    expect(await page.getByTestId('save-year').textContent()).toContain(year);
    expect(await page.getByTestId('save-percent').textContent()).toBe(percent);
    expect(await page.getByTestId('save-percent').isVisible()).toBe(true);
    expect(await page.getByTestId('price-Free').textContent()).toContain('$0');
    // Free's Get Started: the app, which offers Free once the trial has ended (S3 /dashboard?plan=free).
    expect(await page.getByTestId('plan-Free').locator('a.pp-button').getAttribute('href')).toBe(
      '/dashboard?plan=free',
    );
    await context.close();
  });

  it("shows 'Payment was cancelled…' on /pricing?payment=failed and removes the parameter", async () => {
    const { page, context } = await e2e.newPage(PHONE);
    await page.goto('/pricing?payment=failed');
    await page.getByRole('alert').getByText("Payment was cancelled. Try again when you're ready!").waitFor();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it.each([
    {
      path: '/',
      href: '/login?register=1',
      home: '/',
      t: {
        title: 'Create Your Account',
        back: 'Back to Home',
        email: 'Email',
        password: 'Password',
        phone: 'WhatsApp phone number',
        privacy: 'I accept the Privacy Policy',
        mail: 'I agree to receive email communications from Kehila',
        submit: 'Continue',
        done: 'Account Created Successfully',
        backToLogin: 'Back to login',
      },
    },
    {
      path: '/?lang=he',
      href: '/login?register=1&lang=he',
      home: '/?lang=he',
      t: {
        title: 'יצירת חשבון',
        back: 'חזרה לדף הבית',
        email: 'אימייל',
        password: 'סיסמה',
        phone: 'מספר הטלפון בוואטסאפ',
        privacy: 'אני מסכים/ה למדיניות הפרטיות',
        mail: 'אני מסכים/ה לקבל עדכונים באימייל מ-Kehila',
        submit: 'המשך',
        done: 'החשבון נוצר בהצלחה',
        backToLogin: 'חזרה לכניסה',
      },
    },
  ])(
    'Start Free Trial ($path) opens the registration view in its language and reaches the verification-sent screen',
    async ({ path, href, home, t }) => {
      const { page, context } = await e2e.newPage(PHONE);
      const n = `${Date.now()}`.slice(-8);
      const email = `landing-${n}@example.com`;
      await page.goto(path);
      await page.locator(`.pp-hero a[href="${href}"]`).click();
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('register') === '1');
      await page.getByRole('heading', { name: t.title }).waitFor();
      expect(await page.getByRole('link', { name: t.back }).getAttribute('href')).toBe(home);
      await page.getByLabel(t.email, { exact: true }).fill(email);
      await page.getByLabel(t.password, { exact: true }).fill('welcome-123');
      await page.getByLabel(t.phone).fill(`058${n.slice(-7)}`);
      await page.getByText(t.privacy).click();
      await page.getByText(t.mail).click();
      await page.getByRole('button', { name: t.submit }).click();
      await page.getByRole('heading', { name: t.done }).waitFor({ timeout: 30_000 });
      await page.getByText(email).waitFor();
      await page.getByRole('button', { name: t.backToLogin }).waitFor();
      await context.close();
    },
  );

  it('?signup=true on the landing page opens the registration view', async () => {
    const { page, context } = await e2e.newPage(PHONE);
    await page.goto('/?signup=true');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('register') === '1');
    await page.getByRole('heading', { name: 'Create Your Account' }).waitFor();
    await context.close();
  });

  it.each([
    ['/no/such/page', 'Oops! Page not found', 'Return to Home'],
    ['/no/such/page?lang=he', 'אופס! הדף לא נמצא', 'חזרה לדף הבית'],
  ])('an unknown path (%s) shows the 404 page with a link home', async (path, title, home) => {
    const { page, context } = await e2e.newPage(PHONE);
    await page.goto(path);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('link', { name: home }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('main h1').waitFor();
    await context.close();
  });

  it('the Watch Demo modal plays the frames recorded from the app', async () => {
    const { page, context } = await e2e.newPage(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Watch Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kehila in one minute' });
    await dialog.waitFor();
    const frame = dialog.getByTestId('demo-frame');
    await expect.poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
    const first = await frame.getAttribute('src');
    await dialog.getByRole('button', { name: 'Next' }).click();
    expect(await frame.getAttribute('src')).not.toBe(first);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('the live platform analytics show the totals of the demo community', async () => {
    const { page, context } = await e2e.newPage(PHONE);
    await page.goto('/');
    const first = page.getByTestId('platform-stat').first();
    await expect.poll(() => first.textContent(), { timeout: 20_000 }).toMatch(/^[\d,]+$/);
    await context.close();
  });
});
