const names = new Map<string, string>();

/** A language's name in its own words ('English', 'Español'), as a reader looks for it. */
export function ownLanguageName(language: string): string {
  let name = names.get(language);
  if (name === undefined) {
    // Kept: building Intl.DisplayNames loads the language's data, on every render otherwise.
    const own = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    name = own.charAt(0).toLocaleUpperCase(language) + own.slice(1);
    names.set(language, name);
  }
  return name;
}
