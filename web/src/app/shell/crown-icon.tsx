/** A crown, the admin badge of the user menu (S1 §2). */
export function CrownIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2 5l3 3 3-5 3 5 3-3-1.5 8h-9z" fill="#f2b705" stroke="#b08000" strokeWidth="1" strokeLinejoin="round" />
    </svg>
  );
}
