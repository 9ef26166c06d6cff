import { DEFAULT_HOURS } from '#shared/constants.ts';

/**
 * A shop's stored hours (a JSON object of label → range), or the spec's defaults when none or
 * unreadable. Here, below the features, because the shop's page ('Open now') and a coupon's
 * 'View Details' both show them.
 */
export function openingHours(hours: string | null): [string, string][] {
  if (hours) {
    try {
      const parsed: unknown = JSON.parse(hours);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        const entries = Object.entries(parsed).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        );
        if (entries.length > 0) return entries;
      }
    } catch {
      // Unreadable hours fall back to the defaults below.
    }
  }
  return Object.entries(DEFAULT_HOURS);
}
