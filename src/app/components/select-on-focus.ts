// Fields that hold one value (an amount, a quantity, a date) select all of it when they
// get focus, by a click, a tap, Tab or the app moving the focus there: what is typed then
// replaces it, so '0,00' + '59,95' is 59,95 and the '1' of Quantidade + '2' is 2, never
// '0,0059,95' or '12'. Chromium places the caret where a click landed after the focus
// event, so the selection is made again when the button of the click that focused the
// field comes up (that mouseup's own caret placement cancelled). When the focus came by
// Tab or from the app (the till puts it in 'Fundo de troco'), the person's first click into
// the field, with all of it still selected, keeps it selected the same way. A later click
// inside the focused field places the caret as usual, to fix one digit.
import { useRef, useState, type FocusEvent, type MouseEvent } from 'react';

interface SelectOnFocusHandlers {
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onMouseDown?: (event: MouseEvent<HTMLInputElement>) => void;
  onMouseUp?: (event: MouseEvent<HTMLInputElement>) => void;
}

/** The field's focus and mouse handlers, with the caller's own run after them. */
export function useSelectOnFocus(handlers: SelectOnFocusHandlers): Required<SelectOnFocusHandlers> {
  const focusingClick = useRef(false);
  /** Focused, and not clicked since. */
  const unclicked = useRef(false);
  return {
    onMouseDown(event) {
      const field = event.currentTarget;
      const allSelected = field.selectionStart === 0 && field.selectionEnd === field.value.length;
      focusingClick.current =
        field.ownerDocument.activeElement !== field || (unclicked.current && allSelected && field.value !== '');
      handlers.onMouseDown?.(event);
    },
    onFocus(event) {
      event.currentTarget.select();
      unclicked.current = true;
      handlers.onFocus?.(event);
    },
    onMouseUp(event) {
      unclicked.current = false;
      if (focusingClick.current) {
        focusingClick.current = false;
        event.preventDefault();
        event.currentTarget.select();
      }
      handlers.onMouseUp?.(event);
    },
  };
}

/**
 * The text of a field that keeps what is typed while it is being edited (focused, or
 * `held` by another part of the field, as the date's open calendar) and otherwise shows
 * `idle(text)`, the value as the app writes it. Focus selects it (above). `inputProps`
 * go on the input after the caller's own.
 */
export function useEditedText(
  initial: () => string,
  idle: (text: string) => string,
  handlers: SelectOnFocusHandlers & { onBlur?: (event: FocusEvent<HTMLInputElement>) => void },
  held = false,
) {
  const [text, setText] = useState(initial);
  const [focused, setFocused] = useState(false);
  const shown = focused || held ? text : idle(text);
  const selecting = useSelectOnFocus({
    onMouseDown: handlers.onMouseDown,
    onMouseUp: handlers.onMouseUp,
    onFocus: (event) => {
      // Held, the text is already the live one.
      if (!held) setText(shown);
      setFocused(true);
      handlers.onFocus?.(event);
    },
  });
  const inputProps = {
    value: shown,
    ...selecting,
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      setFocused(false);
      handlers.onBlur?.(event);
    },
  };
  return { text, setText, focused, shown, inputProps };
}
