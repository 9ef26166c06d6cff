/**
 * Small text helpers the server's edges share: pages and mails written as strings, and request
 * URLs read without their query.
 */

/** Text made safe inside HTML or XML, in element content and in quoted attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ENTITIES[char as keyof typeof ENTITIES]);

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The path of a request URL such as `/business/3?ref=qr`, without its query. */
export const pathnameOf = (url: string) => url.split('?', 1)[0] || '/';
