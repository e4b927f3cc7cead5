import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isDestructive, type DmAction } from '../../api/dataManager';

interface ActionsMenuProps {
  actions: DmAction[];
  disabled: boolean;
  onChoose: (action: DmAction) => void;
}

/** A menu button with the bulk actions for the selected tasks. */
export function ActionsMenu({ actions, disabled, onChoose }: ActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node) && event.target !== button.current) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="dm-menu">
      <button
        ref={button}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        Actions <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div ref={menu} role="menu" aria-label="Actions" className="dm-menu__list" onKeyDown={onKeyDown}>
          {actions.map((action) => (
            <button
              key={action.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`dm-menu__item ${isDestructive(action) ? 'dm-menu__item--danger' : ''}`}
              disabled={action.disabled}
              onClick={() => {
                setOpen(false);
                onChoose(action);
              }}
            >
              {action.title}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
