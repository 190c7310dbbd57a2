/** The Kehila mark (two people, in the spec's default theme colour #0EA5E9) with an optional word mark. */
export function KehilaLogo({ withName = true, size = 28 }: { withName?: boolean; size?: number }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Kehila" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0EA5E9" />
        <circle cx="11" cy="13" r="4" fill="#fff" />
        <circle cx="21" cy="13" r="4" fill="#fff" />
        <path
          d="M4 26c1-5 4-7 7-7s6 2 7 7M14 26c1-5 4-7 7-7s6 2 7 7"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </svg>
      {withName && (
        <span aria-hidden="true" style={{ fontWeight: 700, fontSize: 18, letterSpacing: '-0.01em', color: '#0f141a' }}>
          Kehila
        </span>
      )}
    </span>
  );
}
