import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Modal } from './Modal';
import { placeMenu, RowActionMenu } from './RowActionMenu';

const VIEWPORT = { width: 390, height: 800 };
const MENU = { width: 180, height: 120 };
const trigger = (top: number, right = 370) => ({ top, bottom: top + 32, left: right - 32, right });

describe('placeMenu', () => {
  it('opens below the button, right edges aligned, when there is room', () => {
    expect(placeMenu(trigger(100), MENU, VIEWPORT)).toEqual({ top: 136, left: 190, side: 'below' });
  });

  it('flips above the button when the room below is too small (the last rows of a table)', () => {
    expect(placeMenu(trigger(740), MENU, VIEWPORT)).toEqual({ top: 740 - 4 - 120, left: 190, side: 'above' });
  });

  it('stays inside the viewport’s left and right edges', () => {
    expect(placeMenu(trigger(100, 60), MENU, VIEWPORT).left).toBe(8);
    expect(placeMenu(trigger(100, 500), MENU, VIEWPORT).left).toBe(390 - 8 - 180);
  });

  it('scrolls on the roomier side when it fits on neither', () => {
    expect(placeMenu(trigger(300), { width: 180, height: 700 }, VIEWPORT)).toEqual({
      top: 336,
      left: 190,
      maxHeight: 800 - 332 - 4 - 8,
      side: 'below',
    });
    expect(placeMenu(trigger(600), { width: 180, height: 700 }, VIEWPORT)).toEqual({
      top: 8,
      left: 190,
      maxHeight: 600 - 4 - 8,
      side: 'above',
    });
  });
});

describe('RowActionMenu', () => {
  const actions = () => [
    { label: 'View', onSelect: jest.fn() },
    { label: 'Edit', onSelect: jest.fn() },
    { label: 'Cancel', onSelect: jest.fn() },
  ];

  function renderInScrollArea(rowActions = actions()) {
    render(
      <div data-testid="scroll-area" style={{ overflow: 'auto' }}>
        <RowActionMenu label="Actions for Ada Obi" actions={rowActions} />
      </div>,
    );
    return { rowActions, button: screen.getByRole('button', { name: 'Actions for Ada Obi' }) };
  }

  afterEach(() => jest.restoreAllMocks());

  it('opens over the page, outside the scroll area that would clip it, focused on its first item', () => {
    const { button } = renderInScrollArea();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Actions for Ada Obi' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByTestId('scroll-area')).not.toContainElement(menu);
    expect(menu.parentElement).toBe(document.body);
    expect(menu.style.visibility).toBe('visible');
    expect(screen.getByRole('menuitem', { name: 'View' })).toHaveFocus();
  });

  it('is placed against its button and flips up near the bottom of the window', () => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const box =
        this.getAttribute('role') === 'menu'
          ? { top: 0, left: 0, width: 180, height: 120 }
          : { top: window.innerHeight - 40, left: 300, width: 32, height: 32 };
      return {
        ...box,
        x: box.left,
        y: box.top,
        right: box.left + box.width,
        bottom: box.top + box.height,
        toJSON: () => box,
      } as DOMRect;
    });
    const { button } = renderInScrollArea();
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(menu.dataset.side).toBe('above');
    expect(menu.style.top).toBe(`${window.innerHeight - 40 - 4 - 120}px`);
    expect(menu.style.left).toBe(`${332 - 180}px`);
  });

  it('moves with the arrow keys, Home and End, wrapping around', () => {
    const { button } = renderInScrollArea();
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    const item = (name: string) => screen.getByRole('menuitem', { name });
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(item('Edit')).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'End' });
    expect(item('Cancel')).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(item('View')).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(item('Cancel')).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(item('View')).toHaveFocus();
  });

  it('closes on Escape and gives focus back to its button, without closing a dialog around it', () => {
    const onCloseDialog = jest.fn();
    render(
      <Modal title="Appointment" open onClose={onCloseDialog}>
        <RowActionMenu label="Actions for Ada Obi" actions={actions()} />
      </Modal>,
    );
    const button = screen.getByRole('button', { name: 'Actions for Ada Obi' });
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(onCloseDialog).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Appointment' })).toBeInTheDocument();
  });

  it('runs the chosen action once, closes and returns focus', () => {
    const { rowActions, button } = renderInScrollArea();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(rowActions[1]?.onSelect).toHaveBeenCalledTimes(1);
    expect(rowActions[0]?.onSelect).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('follows its button when the page or the table scrolls, and closes once the button is out of sight', async () => {
    const { button } = renderInScrollArea();
    const at = (top: number) =>
      jest.spyOn(button, 'getBoundingClientRect').mockReturnValue({
        top,
        bottom: top + 40,
        left: 300,
        right: 340,
        width: 40,
        height: 40,
        x: 300,
        y: top,
        toJSON: () => ({}),
      });
    at(100);
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    at(200);
    fireEvent.scroll(screen.getByTestId('scroll-area'));
    await waitFor(() => expect(menu.style.top).toBe('244px'));
    expect(menu).toBeInTheDocument();

    fireEvent.scroll(menu);
    expect(screen.getByRole('menu')).toBeInTheDocument();

    at(-100);
    fireEvent.scroll(screen.getByTestId('scroll-area'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('closes when someone clicks elsewhere', () => {
    const { button } = renderInScrollArea();
    fireEvent.click(button);
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Tab, handing focus back to its button for the browser to move on', () => {
    const { button } = renderInScrollArea();
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Tab' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
