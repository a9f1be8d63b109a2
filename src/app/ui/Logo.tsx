/** The DISH mark; decorative wherever the text next to it names the link. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1b4f9c" />
      <path d="M20 16h12c10 0 17 6.5 17 16s-7 16-17 16H20Zm9 8v16h3c5 0 8-3 8-8s-3-8-8-8Z" fill="#fff" />
    </svg>
  );
}
