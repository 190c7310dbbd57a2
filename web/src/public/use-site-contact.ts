import { useEffect, useState } from 'react';

/** The one read of config.json's `supportEmail` a page makes. */
let pending: Promise<string> | null = null;

function loadSupportEmail(): Promise<string> {
  pending ??= fetch('/config.json')
    .then((res) => (res.ok ? (res.json() as Promise<{ supportEmail?: unknown }>) : null))
    .then((config) => (typeof config?.supportEmail === 'string' ? config.supportEmail : ''))
    .catch(() => '');
  return pending;
}

/**
 * The sales and contact address of the site, read from the runtime config after the page is drawn:
 * the build holds no settings, and a prerendered page must not wait for them.
 */
export function useSupportEmail(): string {
  const [email, setEmail] = useState('');
  useEffect(() => {
    let live = true;
    void loadSupportEmail().then((value) => {
      if (live) setEmail(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return email;
}

/** A mail to sales about the Enterprise plan (S3 §2 "Enterprise inquiries open a mail to the sales address"). */
export function salesMailto(email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent('Enterprise Plan')}`;
}
