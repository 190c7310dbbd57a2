import { lazy, Suspense, useEffect, useState } from 'react';
import { PLAN_NAMES, PRO_PRICE_USD_MONTHLY, FREE_PRICE_USD } from '@kehila/shared/constants';
import type { PublicLang } from '@kehila/shared/public-pages';
import { DEMO_FRAME_SIZE } from './demo-frames';
import { Faq } from './faq';
import { HydrateLater } from './hydrate-later';
import { PlatformStatsBlock } from './platform-stats';
import { SitePage } from './site-chrome';
import { localHref, publicTexts, registerHref } from './texts';
import { salesMailto, useSupportEmail } from './use-site-contact';

// The demo player arrives only when Watch Demo is pressed.
const DemoModal = lazy(() => import('./demo-modal').then((m) => ({ default: m.DemoModal })));

/** S3 §2 / S1 §2: `/?signup=true` runs the pricing call to action (the registration view) and leaves `/` in the address. */
function useSignupParam(lang: PublicLang) {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('signup') !== 'true') return;
    window.history.replaceState(window.history.state, '', '/');
    window.location.assign(registerHref(lang));
  }, [lang]);
}

/** A landing section of titled cards (features, how it works, advanced tools); `ordered` numbers them. */
function CardSection({
  id,
  title,
  items,
  ordered = false,
}: {
  id: string;
  title: string;
  items: readonly { title: string; text: string }[];
  ordered?: boolean;
}) {
  const cards = items.map((item) => (
    <li key={item.title} className="pp-card">
      <h3>{item.title}</h3>
      <p>{item.text}</p>
    </li>
  ));
  return (
    <section className="pp-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {ordered ? <ol className="pp-steps">{cards}</ol> : <ul className="pp-cards">{cards}</ul>}
    </section>
  );
}

/** The landing page (S3 §2 "Landing page"), every section in order. */
export function LandingPage({ lang }: { lang: PublicLang }) {
  const t = publicTexts[lang];
  const [demoOpen, setDemoOpen] = useState(false);
  const email = useSupportEmail();
  useSignupParam(lang);
  return (
    <SitePage lang={lang} path="/" variant="landing">
      <section className="pp-hero">
        <p className="pp-badge">{t.hero.badge}</p>
        <h1>{t.hero.title}</h1>
        <p className="pp-lead">{t.hero.subtitle}</p>
        <div className="pp-actions">
          <a className="pp-button pp-button-large" href={registerHref(lang)}>
            {t.nav.startTrial}
          </a>
          <button type="button" className="pp-button pp-button-quiet pp-button-large" onClick={() => setDemoOpen(true)}>
            {t.hero.watchDemo}
          </button>
        </div>
      </section>
      {demoOpen && (
        <Suspense fallback={null}>
          <DemoModal lang={lang} onClose={() => setDemoOpen(false)} />
        </Suspense>
      )}

      <HydrateLater>
        <CardSection id="features" title={t.features.title} items={t.features.items} />
      </HydrateLater>

      <HydrateLater>
        <CardSection id="how-it-works" title={t.howItWorks.title} items={t.howItWorks.steps} ordered />
      </HydrateLater>

      <HydrateLater>
        <section className="pp-section pp-band" aria-labelledby="agent-title">
          <h2 id="agent-title">{t.agent.title}</h2>
          <p className="pp-lead">{t.agent.text}</p>
          <ul className="pp-ticks">
            {t.agent.points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      </HydrateLater>

      <HydrateLater>
        <PlatformStatsBlock lang={lang} />
      </HydrateLater>

      <HydrateLater>
        <CardSection id="tools" title={t.tools.title} items={t.tools.items} />
      </HydrateLater>

      <HydrateLater>
        <section className="pp-section" aria-labelledby="action-title">
          <h2 id="action-title">{t.inAction.title}</h2>
          <p>{t.inAction.text}</p>
          <img
            className="pp-shot"
            src="/demo/dashboard.webp"
            width={DEMO_FRAME_SIZE.width}
            height={DEMO_FRAME_SIZE.height}
            loading="lazy"
            decoding="async"
            alt={t.inAction.alt}
          />
        </section>
      </HydrateLater>

      <HydrateLater>
        <section className="pp-section pp-cta" aria-labelledby="cta-title">
          <h2 id="cta-title">{t.cta.title}</h2>
          <p>{t.cta.text}</p>
          <a className="pp-button pp-button-large" href={registerHref(lang)}>
            {t.nav.startTrial}
          </a>
        </section>
      </HydrateLater>

      <HydrateLater>
        <Faq items={t.faq.items} title={t.faq.title} />
      </HydrateLater>

      <HydrateLater>
        <section className="pp-section" aria-labelledby="tiers-title">
          <h2 id="tiers-title">{t.tiers.title}</h2>
          <ul className="pp-cards pp-tiers">
            {PLAN_NAMES.map((name) => {
              const plan = t.pricing.plans[name];
              const price =
                name === 'Free'
                  ? `$${FREE_PRICE_USD}`
                  : name === 'Pro'
                    ? `$${PRO_PRICE_USD_MONTHLY}`
                    : t.pricing.custom;
              return (
                <li key={name} className="pp-card">
                  <h3>{plan.name}</h3>
                  <p className="pp-price-small">
                    {price}
                    {name !== 'Enterprise' && <span>{t.pricing.perMonth}</span>}
                  </p>
                  <p>{plan.description}</p>
                </li>
              );
            })}
          </ul>
          <p>
            <a href={localHref('/pricing', lang)}>{t.tiers.more}</a>
          </p>
        </section>
      </HydrateLater>

      <HydrateLater>
        <section className="pp-section pp-cta pp-cta-quiet" aria-labelledby="cta2-title">
          <h2 id="cta2-title">{t.cta.secondTitle}</h2>
          <p>{t.cta.secondText}</p>
          <a className="pp-button pp-button-quiet" href={email ? salesMailto(email) : undefined}>
            {t.cta.contactSales}
          </a>
        </section>
      </HydrateLater>
    </SitePage>
  );
}
