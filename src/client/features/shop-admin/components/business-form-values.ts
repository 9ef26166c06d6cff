import type { AdminBusiness, BusinessPatchInput } from '#shared/businesses.ts';
import type { CodeRotation } from '#shared/shop-side.ts';
import { DEFAULT_HOURS, DEFAULT_SPECIALTIES } from '#shared/constants.ts';
import { hoursFromWeek, keptHoursLabels, readHoursLabels, type DayHours } from '#shared/hours.ts';
import type { ShopTranslationField, Translations } from '#shared/translations.ts';

/** What the shop form holds: text as typed, '' for an empty number. */
export interface BusinessFormValues {
  name: string;
  description: string;
  longDescription: string;
  address: string;
  phone: string;
  website: string;
  imageUrl: string;
  /** The stored hours, kept as they are while the picker's week is untouched (null). */
  hours: string;
  week: DayHours[] | null;
  specialties: string;
  position: number | string;
  redemptionCode: string;
  codeRotation: CodeRotation;
  /** Empty: no cap. */
  dailyCap: number | string;
  paused: boolean;
  /** Empty: not on the map. */
  latitude: number | string;
  longitude: number | string;
  /**
   * Name, descriptions, specialties and hours labels in the site's other languages; empty ones
   * show the battle's.
   */
  translations: Translations<ShopTranslationField>;
}

/** The form's start: the shop being edited, else a new shop with the spec's defaults. */
export function initialValues(
  business: AdminBusiness | null,
  nextPosition: number,
): BusinessFormValues {
  if (business) {
    return {
      name: business.name,
      description: business.description,
      longDescription: business.longDescription ?? '',
      address: business.address,
      phone: business.phone ?? '',
      website: business.website ?? '',
      imageUrl: business.imageUrl ?? '',
      hours: business.hours ?? '',
      week: null,
      specialties: business.specialties ?? '',
      position: business.position,
      redemptionCode: business.redemptionCode,
      codeRotation: business.codeRotation,
      dailyCap: business.dailyCap ?? '',
      paused: business.paused,
      latitude: business.latitude ?? '',
      longitude: business.longitude ?? '',
      translations: business.translations,
    };
  }
  // docs/SPEC.md section 3: default hours and specialties; position = the current number of shops.
  return {
    name: '',
    description: '',
    longDescription: '',
    address: '',
    phone: '',
    website: '',
    imageUrl: '',
    hours: JSON.stringify(DEFAULT_HOURS),
    week: null,
    specialties: DEFAULT_SPECIALTIES,
    position: nextPosition,
    redemptionCode: '',
    codeRotation: 'off',
    dailyCap: '',
    paused: false,
    latitude: '',
    longitude: '',
    translations: {},
  };
}

/** The hours as they will be stored: the picker's week once touched, else the stored text. */
export function formHours(values: Pick<BusinessFormValues, 'hours' | 'week'>): string | null {
  return values.week ? hoursFromWeek(values.week) : values.hours.trim() || null;
}

/** Each language's hours labels, only for the labels the hours still have (a changed week drops the others). */
function withKeptHoursLabels(
  translations: Translations<ShopTranslationField>,
  hours: string | null,
): Translations<ShopTranslationField> {
  return Object.fromEntries(
    Object.entries(translations).map(([language, { hoursLabels, ...texts }]) => {
      const labels = hoursLabels
        ? keptHoursLabels(readHoursLabels(hoursLabels) ?? {}, hours)
        : undefined;
      return [language, labels ? { ...texts, hoursLabels: labels } : texts];
    }),
  );
}

/** The body both create and update send; an empty or non-numeric position counts as 0 (docs/SPEC.md section 5). */
export function toBody(values: BusinessFormValues): BusinessPatchInput {
  const hours = formHours(values);
  return {
    name: values.name,
    description: values.description,
    longDescription: values.longDescription || null,
    address: values.address,
    phone: values.phone || null,
    website: values.website || null,
    imageUrl: values.imageUrl || null,
    hours,
    specialties: values.specialties || null,
    position:
      typeof values.position === 'number' &&
      Number.isInteger(values.position) &&
      values.position >= 0
        ? values.position
        : 0,
    redemptionCode: values.redemptionCode || null,
    codeRotation: values.codeRotation,
    dailyCap: typeof values.dailyCap === 'number' ? values.dailyCap : null,
    paused: values.paused,
    // Checked as a pair before sending (business-form-schema.ts): both numbers, or neither.
    latitude: typeof values.latitude === 'number' ? values.latitude : null,
    longitude: typeof values.longitude === 'number' ? values.longitude : null,
    translations: withKeptHoursLabels(values.translations, hours),
  };
}
