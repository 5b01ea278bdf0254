import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import styles from './ui.module.css';

export interface RowAction {
  readonly label: string;
  readonly onSelect: () => void;
}

/** Space kept between the menu and the viewport's edges, and between the menu and its button. */
const EDGE_GAP = 8;
const TRIGGER_GAP = 4;

interface MenuPlacement {
  readonly top: number;
  readonly left: number;
  /** Set when the menu fits on neither side and must scroll. */
  readonly maxHeight?: number;
  readonly side: 'below' | 'above';
}

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/**
 * Where the menu goes: below its button, right edges aligned, or above it when there is no room below; never past
 * the viewport's edges. When it fits on neither side it takes the roomier one and scrolls.
 */
export function placeMenu(
  trigger: Box,
  menu: { readonly width: number; readonly height: number },
  viewport: { readonly width: number; readonly height: number },
): MenuPlacement {
  const left = Math.min(
    Math.max(EDGE_GAP, trigger.right - menu.width),
    Math.max(EDGE_GAP, viewport.width - EDGE_GAP - menu.width),
  );
  const roomBelow = viewport.height - trigger.bottom - TRIGGER_GAP - EDGE_GAP;
  const roomAbove = trigger.top - TRIGGER_GAP - EDGE_GAP;
  if (menu.height <= roomBelow) return { top: trigger.bottom + TRIGGER_GAP, left, side: 'below' };
  if (menu.height <= roomAbove) return { top: trigger.top - TRIGGER_GAP - menu.height, left, side: 'above' };
  if (roomBelow >= roomAbove)
    return { top: trigger.bottom + TRIGGER_GAP, left, maxHeight: Math.max(roomBelow, 0), side: 'below' };
  return { top: EDGE_GAP, left, maxHeight: Math.max(roomAbove, 0), side: 'above' };
}

/**
 * The "⋮" menu of a table row or card. `label` names the row, e.g. "Actions for Ada Obi". The menu is rendered over
 * the page (a table's scroll area would cut it off), placed against its button inside the viewport and kept there when the page
 * scrolls or resizes; it closes when its button scrolls out of sight, on Escape (focus goes back to the button), on
 * Tab and on a click elsewhere.
 */
export function RowActionMenu({ label, actions }: { readonly label: string; readonly actions: readonly RowAction[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  /** Places the menu against its button; false when the button has left the viewport (nothing left to point at). */
  const place = useCallback((): boolean => {
    const menu = menuRef.current;
    const button = buttonRef.current;
    if (!menu || !button) return false;
    const trigger = button.getBoundingClientRect();
    if (trigger.bottom < 0 || trigger.top > window.innerHeight || trigger.right < 0 || trigger.left > window.innerWidth)
      return false;
    menu.style.maxHeight = '';
    const size = menu.getBoundingClientRect();
    const placement = placeMenu(
      trigger,
      { width: size.width, height: size.height },
      { width: window.innerWidth, height: window.innerHeight },
    );
    menu.style.top = `${placement.top}px`;
    menu.style.left = `${placement.left}px`;
    if (placement.maxHeight !== undefined) menu.style.maxHeight = `${placement.maxHeight}px`;
    menu.style.visibility = 'visible';
    menu.dataset.side = placement.side;
    return true;
  }, []);

  // Placed before it is painted, against where its button is now; then focus moves in (a hidden menu cannot take it).
  useLayoutEffect(() => {
    if (!open) return;
    if (place()) itemRefs.current[0]?.focus({ preventScroll: true });
  }, [open, place]);

  useEffect(() => {
    if (!open) return undefined;
    const inside = (target: EventTarget | null) =>
      target instanceof Node &&
      (menuRef.current?.contains(target) === true || buttonRef.current?.contains(target) === true);
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!inside(event.target)) setOpen(false);
    };
    // The page or the table scrolled (or the window changed size): the menu follows its button, and closes once the
    // button is out of sight. Closing on every scroll would also close it on the scroll that brought the button into view.
    let frame = 0;
    const follow = (event: Event) => {
      if (event.target instanceof Node && menuRef.current?.contains(event.target)) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!place()) setOpen(false);
      });
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('mousedown', closeOnOutsideClick);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open, place]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const current = items.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    // Portalled out of its row in the DOM but not in React's tree: keep its keys from reaching a dialog around the row.
    event.stopPropagation();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close();
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Tab':
        // Back on the button, the browser's own Tab then moves on from the row, as if the menu had never opened.
        close();
        break;
    }
  };

  return (
    <div className={styles.menu}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        ⋮
      </button>
      {open &&
        createPortal(
          <ul
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={label}
            className={styles.menuList}
            onKeyDown={onMenuKeyDown}
          >
            {actions.map((action, index) => (
              <li key={action.label} role="none">
                <button
                  ref={(element) => {
                    itemRefs.current[index] = element;
                  }}
                  type="button"
                  role="menuitem"
                  className={styles.menuItem}
                  onClick={() => {
                    close();
                    action.onSelect();
                  }}
                >
                  {action.label}
                </button>
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </div>
  );
}
