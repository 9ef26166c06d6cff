/** A language's name in its own words ('English', 'Español'), as a reader looks for it. */
export function ownLanguageName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}
