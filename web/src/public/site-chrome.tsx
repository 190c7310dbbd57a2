import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PublicLang } from '@kehila/shared/public-pages';
import { LANG_PARAM } from '@kehila/shared/public-pages';
import { KehilaLogo } from '../components/kehila-logo';
import { localHref, publicTexts, registerHref, signInHref } from './texts';
import { useSupportEmail } from './use-site-contact';
import './public.css';

/** The address of the same page in the other language. */
function otherLanguageHref(path: string, lang: PublicLang): string {
  return lang === 'he' ? path : `${path}?${LANG_PARAM}=he`;
}

/** Fills a fixed bar as the page scrolls (S3 §2 "scroll-progress bar"); transform only, so nothing moves. */
function ScrollProgress() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const ratio = max > 0 ? Math.min(1, window.scrollY / max) : 0;
      if (bar.current) bar.current.style.transform = `scaleX(${ratio})`;
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return <div ref={bar} className="pp-progress" data-testid="scroll-progress" aria-hidden="true" />;
}

/**
 * The fixed header of the public pages (S3 §2): the logo, section anchors, Pricing, Sign In and Start
 * Free Trial, the language switch, and a menu button below 768 px. `variant` picks the landing's
 * anchors or the pricing page's Home/Features/Pricing/FAQ.
 */
export function SiteHeader({
  lang,
  path,
  variant,
}: {
  lang: PublicLang;
  path: string;
  variant: 'landing' | 'pricing' | 'plain';
}) {
  const t = publicTexts[lang];
  const [open, setOpen] = useState(false);
  const onLanding = variant === 'landing';
  const anchor = (id: string) => (onLanding ? `#${id}` : localHref(`/#${id}`, lang));
  const links =
    variant === 'pricing'
      ? [
          { href: localHref('/', lang), label: t.nav.home },
          { href: anchor('features'), label: t.nav.features },
          { href: localHref('/pricing', lang), label: t.nav.pricing },
          { href: '#faq', label: t.nav.faq },
        ]
      : [
          { href: anchor('features'), label: t.nav.features },
          { href: anchor('how-it-works'), label: t.nav.howItWorks },
          { href: anchor('faq'), label: t.nav.faq },
          { href: localHref('/pricing', lang), label: t.nav.pricing },
        ];
  return (
    <header className="pp-header">
      {onLanding && <ScrollProgress />}
      <a className="pp-skip" href="#main">
        {t.nav.skip}
      </a>
      <div className="pp-header-row">
        <a href={localHref('/', lang)} className="pp-logo" aria-label="Kehila home">
          <KehilaLogo />
        </a>
        <nav className={`pp-nav${open ? ' pp-nav-open' : ''}`} id="site-menu" aria-label={t.nav.menu}>
          {links.map((l) => (
            <a key={l.label} href={l.href} onClick={() => setOpen(false)}>
              {l.label}
            </a>
          ))}
          <a href={otherLanguageHref(path, lang)} lang={lang === 'he' ? 'en' : 'he'} aria-label={t.switchLanguageLabel}>
            {t.switchLanguage}
          </a>
          <a className="pp-button pp-button-quiet" href={signInHref(lang)}>
            {t.nav.signIn}
          </a>
          <a className="pp-button" href={registerHref(lang)}>
            {variant === 'pricing' ? t.nav.getStarted : t.nav.startTrial}
          </a>
        </nav>
        <button
          type="button"
          className="pp-menu-button"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t.nav.close : t.nav.menu}
        </button>
      </div>
    </header>
  );
}

/** The footer (S3 §2): terms and privacy in a new tab, contact by e-mail, and the join-community link. */
export function SiteFooter({ lang }: { lang: PublicLang }) {
  const t = publicTexts[lang];
  const email = useSupportEmail();
  return (
    <footer className="pp-footer">
      <div className="pp-footer-row">
        <p>{t.footer.tagline}</p>
        <nav aria-label="Footer" className="pp-footer-links">
          <a href={localHref('/terms', lang)} target="_blank" rel="noopener">
            {t.footer.terms}
          </a>
          <a href={localHref('/privacy', lang)} target="_blank" rel="noopener">
            {t.footer.privacy}
          </a>
          <a href={email ? `mailto:${email}` : undefined}>{t.footer.contact}</a>
          <a href={localHref('/pricing', lang)}>{t.nav.pricing}</a>
        </nav>
      </div>
      <p className="pp-fine">© Kehila. {t.footer.rights}</p>
    </footer>
  );
}

/** A public page: header, main content, footer, in the page's language and direction. */
export function SitePage({
  lang,
  path,
  variant,
  children,
}: {
  lang: PublicLang;
  path: string;
  variant: 'landing' | 'pricing' | 'plain';
  children: ReactNode;
}) {
  return (
    <div className="pp" lang={lang} dir={publicTexts[lang].dir}>
      <SiteHeader lang={lang} path={path} variant={variant} />
      <main id="main">{children}</main>
      <SiteFooter lang={lang} />
    </div>
  );
}
