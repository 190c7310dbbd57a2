import { useCallback, useEffect, useState } from 'react';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from './sidebar-state';

/** The desktop sidebar's open state, kept in the `sidebar:state` cookie and toggled by Ctrl/Cmd + b. */
export function useSidebarState(): { open: boolean; toggle: () => void } {
  const [open, setOpen] = useState(() => readSidebarOpen(document.cookie));

  const toggle = useCallback(() => {
    setOpen((prev) => {
      document.cookie = sidebarCookie(!prev);
      return !prev;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { open, toggle };
}
