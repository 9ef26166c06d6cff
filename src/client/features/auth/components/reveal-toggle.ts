/**
 * The show/hide button's name avoids the word "password", so the field's label names exactly
 * one element (a label query for "Password" would otherwise also find the button).
 */
export const revealToggleProps = { 'aria-label': 'Show or hide characters' };
