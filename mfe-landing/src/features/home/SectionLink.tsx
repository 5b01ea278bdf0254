import type { MouseEvent, ReactNode } from 'react';

/** An in-page menu link: scrolls smoothly to its section and moves focus there, so keyboard users land with it. */
export function SectionLink({
  section,
  children,
  className,
}: {
  readonly section: string;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  const scroll = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(section);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, '', `#${section}`);
  };
  return (
    <a href={`#${section}`} className={className} onClick={scroll}>
      {children}
    </a>
  );
}
