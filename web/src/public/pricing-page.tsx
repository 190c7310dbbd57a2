import { useEffect, useState } from 'react';
import {
  FREE_PRICE_USD,
  PLAN_NAMES,
  PRO_ORIGINAL_PRICE_USD_ANNUAL_PER_MONTH,
  PRO_ORIGINAL_PRICE_USD_MONTHLY,
  PRO_PRICE_USD_ANNUAL_PER_MONTH,
  PRO_PRICE_USD_MONTHLY,
  type BILLING_CYCLES,
} from '@kehila/shared/constants';
import { planIncludes, type Feature, type PlanId } from '@kehila/shared/api/plans';
import type { PublicLang } from '@kehila/shared/public-pages';
import { Faq } from './faq';
import { HydrateLater } from './hydrate-later';
import { SitePage } from './site-chrome';
import { FREE_PLAN_HREF, publicTexts, registerHref } from './texts';
import { salesMailto, useSupportEmail } from './use-site-contact';

type Cycle = (typeof BILLING_CYCLES)[number];
type PlanName = (typeof PLAN_NAMES)[number];

const PLAN_ID: Record<PlanName, PlanId> = { Free: 'free', Pro: 'pro', Enterprise: 'enterprise' };

/**
 * The comparison table's rows, by their place in the texts' `rows`: a plan feature is read from the
 * server's own entitlements (shared/src/api/plans.ts), so the table cannot promise what the API refuses.
 */
const COMPARISON: readonly ({ kind: 'feature'; feature: Feature } | { kind: 'groups' } | { kind: 'support' })[] = [
  { kind: 'groups' },
  { kind: 'feature', feature: 'daily_summaries' },
  { kind: 'feature', feature: 'message_search' },
  { kind: 'feature', feature: 'sentiment_analysis' },
  { kind: 'feature', feature: 'realtime_analytics' },
  { kind: 'feature', feature: 'export' },
  { kind: 'feature', feature: 'multi_community_dashboard' },
  { kind: 'feature', feature: 'white_label' },
  { kind: 'feature', feature: 'api_access' },
  { kind: 'feature', feature: 'sso' },
  { kind: 'support' },
];

/** Pro's price per month and its struck-through original for a billing cycle (S3 §9). */
export function proPrice(cycle: Cycle): { price: number; original: number } {
  return cycle === 'annual'
    ? { price: PRO_PRICE_USD_ANNUAL_PER_MONTH, original: PRO_ORIGINAL_PRICE_USD_ANNUAL_PER_MONTH }
    : { price: PRO_PRICE_USD_MONTHLY, original: PRO_ORIGINAL_PRICE_USD_MONTHLY };
}

/** S1 §2: `?payment=failed` shows the error toast once and leaves the address without the parameter. */
function usePaymentFailed(enabled: boolean): [boolean, () => void] {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get('payment') !== 'failed') return;
    url.searchParams.delete('payment');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    setFailed(true);
  }, [enabled]);
  return [failed, () => setFailed(false)];
}

function Check({ on, t }: { on: boolean; t: { included: string; notIncluded: string } }) {
  return <span aria-label={on ? t.included : t.notIncluded}>{on ? '✓' : '—'}</span>;
}

/**
 * The pricing page (S3 §2 "Pricing page"): the cycle toggle, three plans, comparison, highlights, FAQ
 * and call to action. Inside the app's router the app's own checkout-return hook shows the
 * `payment=failed` toast, so `paymentToast` is off there.
 */
export function PricingPage({ lang, paymentToast = true }: { lang: PublicLang; paymentToast?: boolean }) {
  const t = publicTexts[lang];
  const p = t.pricing;
  const [cycle, setCycle] = useState<Cycle>('monthly');
  const [paymentFailed, dismiss] = usePaymentFailed(paymentToast);
  const email = useSupportEmail();
  const pro = proPrice(cycle);

  return (
    <SitePage lang={lang} path="/pricing" variant="pricing">
      {paymentFailed && (
        <div className="pp-toast" role="alert">
          <span>{p.paymentFailed}</span>
          <button type="button" className="pp-button pp-button-quiet" onClick={dismiss}>
            {p.dismiss}
          </button>
        </div>
      )}
      <section className="pp-hero pp-hero-small">
        <h1>{p.title}</h1>
        <p className="pp-lead">{p.subtitle}</p>
        <div className="pp-toggle" role="group" aria-label={p.billingCycle}>
          {(['monthly', 'annual'] as const).map((c) => (
            <button key={c} type="button" aria-pressed={cycle === c} onClick={() => setCycle(c)}>
              {c === 'monthly' ? p.monthly : p.annual}
            </button>
          ))}
          <span className="pp-save" data-testid="save-percent" hidden={cycle !== 'annual'}>
            {p.savePercent}
          </span>
        </div>
      </section>

      <HydrateLater>
        <section className="pp-section" aria-label={t.nav.pricing}>
          <ul className="pp-plans">
            {PLAN_NAMES.map((name) => {
              const plan = p.plans[name];
              const popular = name === 'Pro';
              return (
                <li
                  key={name}
                  className={`pp-card pp-plan${popular ? ' pp-plan-popular' : ''}`}
                  data-testid={`plan-${name}`}
                >
                  {popular && <p className="pp-badge">{p.popular}</p>}
                  <h2>{plan.name}</h2>
                  <p>{plan.description}</p>
                  <p className="pp-price" data-testid={`price-${name}`}>
                    {name === 'Enterprise' ? (
                      p.custom
                    ) : (
                      <>
                        {name === 'Pro' && <s aria-label={`${p.was} $${pro.original}`}>${pro.original}</s>}{' '}
                        <strong>${name === 'Pro' ? pro.price : FREE_PRICE_USD}</strong>
                        <span>{p.perMonth}</span>
                      </>
                    )}
                  </p>
                  {name === 'Pro' && cycle === 'annual' && (
                    <p className="pp-save" data-testid="save-year">
                      {p.billedAnnually} · {p.saveYear}
                    </p>
                  )}
                  {name === 'Enterprise' ? (
                    // Drawn before the address is known (no layout shift); it becomes a link once it is.
                    <a className="pp-button pp-button-quiet" href={email ? salesMailto(email) : undefined}>
                      {plan.cta}
                    </a>
                  ) : (
                    <a
                      className={`pp-button${popular ? '' : ' pp-button-quiet'}`}
                      href={name === 'Free' ? FREE_PLAN_HREF : registerHref(lang)}
                    >
                      {plan.cta}
                    </a>
                  )}
                  <ul className="pp-ticks">
                    {p.features[name].map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  {p.limitations[name].length > 0 && (
                    <ul className="pp-crosses">
                      {p.limitations[name].map((f) => (
                        <li key={f}>{f}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      </HydrateLater>

      <HydrateLater>
        <section className="pp-section">
          <h2 id="compare-title">{p.comparison.title}</h2>
          <div className="pp-table-wrap" tabIndex={0} role="region" aria-labelledby="compare-title">
            <table className="pp-table">
              <thead>
                <tr>
                  <th scope="col">{p.comparison.feature}</th>
                  {PLAN_NAMES.map((n) => (
                    <th key={n} scope="col">
                      {p.plans[n].name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {COMPARISON.map((row, i) => (
                  <tr key={p.comparison.rows[i]}>
                    <th scope="row">{p.comparison.rows[i]}</th>
                    {PLAN_NAMES.map((n) => (
                      <td key={n}>
                        {row.kind === 'feature' ? (
                          <Check on={planIncludes(PLAN_ID[n], row.feature)} t={p.comparison} />
                        ) : row.kind === 'groups' ? (
                          n === 'Free' ? (
                            p.comparison.groups.one
                          ) : (
                            p.comparison.groups.unlimited
                          )
                        ) : n === 'Free' ? (
                          p.comparison.support.standard
                        ) : n === 'Pro' ? (
                          p.comparison.support.priority
                        ) : (
                          p.comparison.support.dedicated
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </HydrateLater>

      <HydrateLater>
        <section className="pp-section" aria-labelledby="highlights-title">
          <h2 id="highlights-title">{p.highlights.title}</h2>
          <ul className="pp-cards">
            {p.highlights.items.map((h) => (
              <li key={h.title} className="pp-card">
                <h3>{h.title}</h3>
                <p>{h.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </HydrateLater>

      <HydrateLater>
        <Faq items={p.faq} title={t.faq.title} />
      </HydrateLater>

      <HydrateLater>
        <section className="pp-section pp-cta" aria-labelledby="pricing-cta-title">
          <h2 id="pricing-cta-title">{p.ctaTitle}</h2>
          <p>{p.ctaText}</p>
          <a className="pp-button pp-button-large" href={registerHref(lang)}>
            {t.nav.startTrial}
          </a>
        </section>
      </HydrateLater>
    </SitePage>
  );
}
