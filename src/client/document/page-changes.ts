/**
 * What the small script changed in the server's HTML, kept so it can be undone before the web
 * app takes the page over: React hydrates only the HTML it would have drawn itself, and a
 * countdown ticking or a badge moving since would be a mismatch (docs/decisions/0027).
 */
const originalTexts = new Map<Element, string>();
const originalAttributes = new Map<Element, Map<string, string | null>>();

export function setText(element: Element, text: string): void {
  if (!originalTexts.has(element)) originalTexts.set(element, element.textContent);
  if (element.textContent !== text) element.textContent = text;
}

/** Sets an attribute, or removes it for null. */
export function setAttribute(element: Element, name: string, value: string | null): void {
  let originals = originalAttributes.get(element);
  if (!originals) {
    originals = new Map();
    originalAttributes.set(element, originals);
  }
  if (!originals.has(name)) originals.set(name, element.getAttribute(name));
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

export function undoChanges(): void {
  for (const [element, text] of originalTexts) element.textContent = text;
  for (const [element, originals] of originalAttributes) {
    for (const [name, value] of originals) {
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  }
  originalTexts.clear();
  originalAttributes.clear();
}
