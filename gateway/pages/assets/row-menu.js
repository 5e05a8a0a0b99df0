// One actions menu shared by every row (a menu per row would double the page's controls): opened
// from a row's ⋯ button, moved beside it, driven by arrow keys, closed by Escape or a click away.
export function rowMenu(onAction) {
  const menu = document.getElementById('row-menu');
  const items = [...menu.querySelectorAll('[role="menuitem"]')];
  const home = menu.parentElement;
  let opener = null;

  function close(focusOpener) {
    if (menu.hidden) return;
    menu.hidden = true;
    home.append(menu); // back out of the row, which may be about to be removed
    opener?.setAttribute('aria-expanded', 'false');
    if (focusOpener) opener?.focus();
    opener = null;
  }

  function open(button) {
    close(false);
    opener = button;
    button.after(menu);
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    items[0].focus();
  }

  menu.addEventListener('click', (event) => {
    const item = event.target.closest('[role="menuitem"]');
    if (!item || !opener) return;
    const row = opener.closest('li.line');
    close(true);
    onAction(item.dataset.action, row);
  });
  menu.addEventListener('keydown', (event) => {
    const at = items.indexOf(document.activeElement);
    const moves = { ArrowDown: 1, ArrowUp: -1, Home: -at, End: items.length - 1 - at };
    if (event.key in moves) {
      event.preventDefault();
      items[(at + moves[event.key] + items.length) % items.length].focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close(true);
    }
    event.stopPropagation();
  });
  document.addEventListener('click', (event) => {
    if (!menu.hidden && !menu.contains(event.target) && event.target !== opener) close(false);
  });

  return {
    open,
    isOpen: () => !menu.hidden,
  };
}
