import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { messageFinder } from '#shared/message-patterns.ts';

/**
 * The messages of the shared schemas and rules (src/shared), which the web app's forms show before
 * anything is sent (#client/lib/schema-resolver.ts), in the page's language
 * (docs/decisions/0049-api-and-mail-languages.md). Each English is the code's own, with a value
 * it is built from as a placeholder, as the API's catalogs write it: its translation is the API's
 * (src/server/i18n/api), and tests/lint/api-messages.test.ts checks that every message of
 * src/shared is here, with the same words in both catalogs.
 */
export const schemaMessages = defineMessages({
  auth_usernameMayNotContainControl: {
    id: 'schema.auth.usernameMayNotContainControl',
    defaultMessage: 'Username may not contain control characters or line breaks',
  },
  auth_usernameMustBeAtLeast: {
    id: 'schema.auth.usernameMustBeAtLeast',
    defaultMessage: 'Username must be at least 3 characters',
  },
  auth_usernameMustBeAtMost: {
    id: 'schema.auth.usernameMustBeAtMost',
    defaultMessage: 'Username must be at most 50 characters',
  },
  auth_passwordMustBeAtLeast: {
    id: 'schema.auth.passwordMustBeAtLeast',
    defaultMessage: 'Password must be at least 6 characters',
  },
  auth_passwordMustBeAtMost: {
    id: 'schema.auth.passwordMustBeAtMost',
    defaultMessage: 'Password must be at most 200 characters',
  },
  auth_pleaseEnterAValidEmail: {
    id: 'schema.auth.pleaseEnterAValidEmail',
    defaultMessage: 'Please enter a valid email address',
  },
  auth_fullNameIsRequired: {
    id: 'schema.auth.fullNameIsRequired',
    defaultMessage: 'Full name is required',
  },
  auth_fullNameMustBeAt: {
    id: 'schema.auth.fullNameMustBeAt',
    defaultMessage: 'Full name must be at most 100 characters',
  },
  auth_passwordsDoNotMatch: {
    id: 'schema.auth.passwordsDoNotMatch',
    defaultMessage: 'Passwords do not match',
  },
  auth_ifAnAccountUsesThis: {
    id: 'schema.auth.ifAnAccountUsesThis',
    defaultMessage:
      'If an account uses this email address, we have sent it a link to choose a new password.',
  },
  auth_theResetLinkIsMissing: {
    id: 'schema.auth.theResetLinkIsMissing',
    defaultMessage: 'The reset link is missing its token',
  },
  auth_theResetLinkIsNot: {
    id: 'schema.auth.theResetLinkIsNot',
    defaultMessage: 'The reset link is not valid',
  },
  auth_thisPasswordResetLinkIs: {
    id: 'schema.auth.thisPasswordResetLinkIs',
    defaultMessage:
      'This password reset link is invalid, has expired or was already used. Please ask for a new one.',
  },
  auth_pleaseEnterYourCurrentPassword: {
    id: 'schema.auth.pleaseEnterYourCurrentPassword',
    defaultMessage: 'Please enter your current password',
  },
  auth_yourCurrentPasswordIsNot: {
    id: 'schema.auth.yourCurrentPasswordIsNot',
    defaultMessage: 'Your current password is not correct',
  },
  auth_weHaveSentAConfirmation: {
    id: 'schema.auth.weHaveSentAConfirmation',
    defaultMessage:
      'We have sent a confirmation link to {newEmail}. Your email address changes when you open it.',
  },
  auth_thisIsAlreadyYourEmail: {
    id: 'schema.auth.thisIsAlreadyYourEmail',
    defaultMessage: 'This is already your email address',
  },
  auth_theConfirmationLinkIsMissing: {
    id: 'schema.auth.theConfirmationLinkIsMissing',
    defaultMessage: 'The confirmation link is missing its token',
  },
  auth_theConfirmationLinkIsNot: {
    id: 'schema.auth.theConfirmationLinkIsNot',
    defaultMessage: 'The confirmation link is not valid',
  },
  auth_thisConfirmationLinkIsInvalid: {
    id: 'schema.auth.thisConfirmationLinkIsInvalid',
    defaultMessage:
      'This confirmation link is invalid, has expired or was already used. Please change your email again from your profile.',
  },
  auth_thisEmailAddressIsAlready: {
    id: 'schema.auth.thisEmailAddressIsAlready',
    defaultMessage: 'This email address is already used by another account',
  },
  businesses_latitudeMustBeANumber: {
    id: 'schema.businesses.latitudeMustBeANumber',
    defaultMessage: 'Latitude must be a number from -90 to 90',
  },
  businesses_longitudeMustBeANumber: {
    id: 'schema.businesses.longitudeMustBeANumber',
    defaultMessage: 'Longitude must be a number from -180 to 180',
  },
  businesses_latitudeAndLongitudeGoTogether: {
    id: 'schema.businesses.latitudeAndLongitudeGoTogether',
    defaultMessage:
      'Latitude and longitude go together: give both, or neither to leave the shop off the map',
  },
  businesses_businessNameIsRequired: {
    id: 'schema.businesses.businessNameIsRequired',
    defaultMessage: 'Business name is required',
  },
  businesses_businessNameIsTooLong: {
    id: 'schema.businesses.businessNameIsTooLong',
    defaultMessage: 'Business name is too long',
  },
  businesses_businessDescriptionIsRequired: {
    id: 'schema.businesses.businessDescriptionIsRequired',
    defaultMessage: 'Business description is required',
  },
  businesses_businessDescriptionIsTooLong: {
    id: 'schema.businesses.businessDescriptionIsTooLong',
    defaultMessage: 'Business description is too long',
  },
  businesses_addressIsRequired: {
    id: 'schema.businesses.addressIsRequired',
    defaultMessage: 'Address is required',
  },
  businesses_addressIsTooLong: {
    id: 'schema.businesses.addressIsTooLong',
    defaultMessage: 'Address is too long',
  },
  businesses_displayOrderMustBeA: {
    id: 'schema.businesses.displayOrderMustBeA',
    defaultMessage: 'Display order must be a whole number of at least 0',
  },
  businesses_displayOrderIsTooLarge: {
    id: 'schema.businesses.displayOrderIsTooLarge',
    defaultMessage: 'Display order is too large',
  },
  businesses_dailyCapMustBeA: {
    id: 'schema.businesses.dailyCapMustBeA',
    defaultMessage: 'Daily cap must be a whole number of at least 1, or none',
  },
  businesses_dailyCapIsTooLarge: {
    id: 'schema.businesses.dailyCapIsTooLarge',
    defaultMessage: 'Daily cap is too large',
  },
  businesses_redemptionCodeMustBeAt: {
    id: 'schema.businesses.redemptionCodeMustBeAt',
    defaultMessage: 'Redemption code must be at least 4 characters',
  },
  businesses_redemptionCodeMustBeExactly: {
    id: 'schema.businesses.redemptionCodeMustBeExactly',
    defaultMessage: 'Redemption code must be exactly 4 characters',
  },
  businesses_redemptionCodeMustBe4: {
    id: 'schema.businesses.redemptionCodeMustBe4',
    defaultMessage: 'Redemption code must be 4 digits',
  },
  businesses_noChallengeSelected: {
    id: 'schema.businesses.noChallengeSelected',
    defaultMessage: 'No challenge selected',
  },
  businesses_hoursMustBeAJsonObject: {
    id: 'schema.businesses.hoursMustBeAJsonObject',
    defaultMessage: 'Hours must be a JSON object of days to hours, e.g. {HOURS_JSON_EXAMPLE}',
  },
  challenges_enterAValidDate: {
    id: 'schema.challenges.enterAValidDate',
    defaultMessage: 'Enter a valid date',
  },
  challenges_activeMustBeTrueOr: {
    id: 'schema.challenges.activeMustBeTrueOr',
    defaultMessage: 'Active must be true or false',
  },
  challenges_themeIsTooLong: {
    id: 'schema.challenges.themeIsTooLong',
    defaultMessage: 'Theme is too long',
  },
  challenges_themeLabelIsTooLong: {
    id: 'schema.challenges.themeLabelIsTooLong',
    defaultMessage: 'Theme label is too long',
  },
  challenges_themeIsRequired: {
    id: 'schema.challenges.themeIsRequired',
    defaultMessage: 'Theme is required',
  },
  challenges_timeZoneIsRequired: {
    id: 'schema.challenges.timeZoneIsRequired',
    defaultMessage: 'Time zone is required',
  },
  challenges_timeZoneMustBeAn: {
    id: 'schema.challenges.timeZoneMustBeAn',
    defaultMessage: 'Time zone must be an IANA zone such as America/Chicago',
  },
  challenges_votesPerShopMustBe: {
    id: 'schema.challenges.votesPerShopMustBe',
    defaultMessage: 'Votes per shop must be a whole number of at least 1, or unlimited',
  },
  challenges_votesPerShopMustBe2: {
    id: 'schema.challenges.votesPerShopMustBe2',
    defaultMessage: 'Votes per shop must be at most 1000',
  },
  challenges_standingsFreezeMustBeA: {
    id: 'schema.challenges.standingsFreezeMustBeA',
    defaultMessage: 'Standings freeze must be a whole number of hours, 0 or more',
  },
  challenges_standingsFreezeMustBeAt: {
    id: 'schema.challenges.standingsFreezeMustBeAt',
    defaultMessage: 'Standings freeze must be at most a year',
  },
  challenges_reminderMustBeAWhole: {
    id: 'schema.challenges.reminderMustBeAWhole',
    defaultMessage: 'Reminder must be a whole number of hours, 0 or more',
  },
  challenges_reminderMustBeAtMost: {
    id: 'schema.challenges.reminderMustBeAtMost',
    defaultMessage: 'Reminder must be at most a year before the end',
  },
  challenges_passesPerOrderMustBe: {
    id: 'schema.challenges.passesPerOrderMustBe',
    defaultMessage: 'Passes per order must be a whole number from 1 to 10',
  },
  challenges_whetherVoucherPassesVoteMust: {
    id: 'schema.challenges.whetherVoucherPassesVoteMust',
    defaultMessage: 'Whether voucher passes vote must be true or false',
  },
  challenges_titleIsRequired: {
    id: 'schema.challenges.titleIsRequired',
    defaultMessage: 'Title is required',
  },
  challenges_titleIsTooLong: {
    id: 'schema.challenges.titleIsTooLong',
    defaultMessage: 'Title is too long',
  },
  challenges_descriptionIsRequired: {
    id: 'schema.challenges.descriptionIsRequired',
    defaultMessage: 'Description is required',
  },
  challenges_descriptionIsTooLong: {
    id: 'schema.challenges.descriptionIsTooLong',
    defaultMessage: 'Description is too long',
  },
  challenges_priceMustBeAValid: {
    id: 'schema.challenges.priceMustBeAValid',
    defaultMessage: 'Price must be a valid number',
  },
  challenges_priceMustBeAWhole: {
    id: 'schema.challenges.priceMustBeAWhole',
    defaultMessage: 'Price must be a whole number of dollars',
  },
  challenges_priceCannotBeNegative: {
    id: 'schema.challenges.priceCannotBeNegative',
    defaultMessage: 'Price cannot be negative',
  },
  challenges_priceIsTooHigh: {
    id: 'schema.challenges.priceIsTooHigh',
    defaultMessage: 'Price is too high',
  },
  challenges_chooseOneOfThisSite: {
    id: 'schema.challenges.chooseOneOfThisSite',
    defaultMessage: "Choose one of this site's languages",
  },
  claims_quantityMustBeAWhole: {
    id: 'schema.claims.quantityMustBeAWhole',
    defaultMessage: 'Quantity must be a whole number from 1 to 10.',
  },
  claims_giftMustBeTrueOr: {
    id: 'schema.claims.giftMustBeTrueOr',
    defaultMessage: 'Gift must be true or false.',
  },
  claims_languageMustBeALanguage: {
    id: 'schema.claims.languageMustBeALanguage',
    defaultMessage: 'Language must be a language code.',
  },
  claims_claimNotFound: {
    id: 'schema.claims.claimNotFound',
    defaultMessage: 'Claim not found.',
  },
  claims_pleaseEnterAValidEmail: {
    id: 'schema.claims.pleaseEnterAValidEmail',
    defaultMessage: 'Please enter a valid email address.',
  },
  claims_aGiftNoteCanBe: {
    id: 'schema.claims.aGiftNoteCanBe',
    defaultMessage: 'A gift note can be at most {GIFT_NOTE_MAX} characters.',
  },
  claims_sendDateMustBeA: {
    id: 'schema.claims.sendDateMustBeA',
    defaultMessage: 'Send date must be a date and time.',
  },
  claims_thisPassLinkIsNot: {
    id: 'schema.claims.thisPassLinkIsNot',
    defaultMessage: 'This pass link is not valid or was already used.',
  },
  claims_youAlreadyHaveABattle: {
    id: 'schema.claims.youAlreadyHaveABattle',
    defaultMessage:
      'You already have a battle pass for this battle, so this one stays open for someone else.',
  },
  claims_thisPassHasBeenUsed: {
    id: 'schema.claims.thisPassHasBeenUsed',
    defaultMessage:
      'This pass has been used (a coupon redeemed or a vote cast), so it can no longer be given away.',
  },
  claims_aPassYouGaveAway: {
    id: 'schema.claims.aPassYouGaveAway',
    defaultMessage:
      'A pass you gave away is not refunded: send its link to someone else, or take it back yourself.',
  },
  claims_thisPassWasAlreadyTaken: {
    id: 'schema.claims.thisPassWasAlreadyTaken',
    defaultMessage: 'This pass was already taken or refunded.',
  },
  claims_thisOrderWasRefundedOr: {
    id: 'schema.claims.thisOrderWasRefundedOr',
    defaultMessage: 'This order was refunded or disputed, so nothing is left to refund.',
  },
  draws_prizeDrawsCanOnlyBe: {
    id: 'schema.draws.prizeDrawsCanOnlyBe',
    defaultMessage: 'Prize draws can only be created before the battle ends',
  },
  draws_drawsAreRevealedWhenThe: {
    id: 'schema.draws.drawsAreRevealedWhenThe',
    defaultMessage: 'Draws are revealed when the battle ends',
  },
  draws_theEntriesArePublishedWhen: {
    id: 'schema.draws.theEntriesArePublishedWhen',
    defaultMessage: 'The entries are published when the draw is revealed',
  },
  draws_drawNotFound: {
    id: 'schema.draws.drawNotFound',
    defaultMessage: 'Draw not found',
  },
  draws_thisBattleAlreadyHasA: {
    id: 'schema.draws.thisBattleAlreadyHasA',
    defaultMessage: 'This battle already has a draw for that prize',
  },
  draws_entriesMustBeCouponsPasses: {
    id: 'schema.draws.entriesMustBeCouponsPasses',
    defaultMessage:
      "Entries must be 'coupons', 'passes' or 'shops>=N' (N from 1 to {MAX_DRAW_SHOPS})",
  },
  draws_prizeIsRequired: {
    id: 'schema.draws.prizeIsRequired',
    defaultMessage: 'Prize is required',
  },
  draws_prizeMustBeAtMost: {
    id: 'schema.draws.prizeMustBeAtMost',
    defaultMessage: 'Prize must be at most 200 characters',
  },
  draws_winnerCountMustBeA: {
    id: 'schema.draws.winnerCountMustBeA',
    defaultMessage: 'Winner count must be a whole number',
  },
  draws_winnerCountMustBeAt: {
    id: 'schema.draws.winnerCountMustBeAt',
    defaultMessage: 'Winner count must be at least 1',
  },
  draws_winnerCountMustBeAt2: {
    id: 'schema.draws.winnerCountMustBeAt2',
    defaultMessage: 'Winner count must be at most {MAX_WINNER_COUNT}',
  },
  explorers_displayNameMayNotContain: {
    id: 'schema.explorers.displayNameMayNotContain',
    defaultMessage: 'Display name may not contain a web or email address',
  },
  explorers_displayNameMustBeAt: {
    id: 'schema.explorers.displayNameMustBeAt',
    defaultMessage: 'Display name must be at least {EXPLORER_NAME_MIN} characters',
  },
  explorers_displayNameMustBeAt2: {
    id: 'schema.explorers.displayNameMustBeAt2',
    defaultMessage: 'Display name must be at most {EXPLORER_NAME_MAX} characters',
  },
  explorers_displayNameMayNotContain2: {
    id: 'schema.explorers.displayNameMayNotContain2',
    defaultMessage: 'Display name may not contain control characters or line breaks',
  },
  explorers_displayNameMayNotLook: {
    id: 'schema.explorers.displayNameMayNotLook',
    defaultMessage: 'Display name may not look like a pass code',
  },
  explorers_displayNameMustBeText: {
    id: 'schema.explorers.displayNameMustBeText',
    defaultMessage: 'Display name must be text',
  },
  explorers_optinMustBeTrueOr: {
    id: 'schema.explorers.optinMustBeTrueOr',
    defaultMessage: 'optIn must be true or false',
  },
  memberData_pleaseEnterYourPassword: {
    id: 'schema.memberData.pleaseEnterYourPassword',
    defaultMessage: 'Please enter your password',
  },
  memberData_yourPasswordIsNotCorrect: {
    id: 'schema.memberData.yourPasswordIsNotCorrect',
    defaultMessage: 'Your password is not correct',
  },
  memberData_youAreTheLastOrganizer: {
    id: 'schema.memberData.youAreTheLastOrganizer',
    defaultMessage:
      'You are the last organizer of this site. Make another account an organizer before deleting this one.',
  },
  messages_chooseWhoGetsTheMessage: {
    id: 'schema.messages.chooseWhoGetsTheMessage',
    defaultMessage: 'Choose who gets the message',
  },
  messages_subjectIsRequired: {
    id: 'schema.messages.subjectIsRequired',
    defaultMessage: 'Subject is required',
  },
  messages_subjectMustBeAtMost: {
    id: 'schema.messages.subjectMustBeAtMost',
    defaultMessage: 'Subject must be at most 150 characters',
  },
  messages_subjectMustBeOneLine: {
    id: 'schema.messages.subjectMustBeOneLine',
    defaultMessage: 'Subject must be one line',
  },
  messages_messageIsRequired: {
    id: 'schema.messages.messageIsRequired',
    defaultMessage: 'Message is required',
  },
  messages_messageMustBeAtMost: {
    id: 'schema.messages.messageMustBeAtMost',
    defaultMessage: 'Message must be at most 10,000 characters',
  },
  messages_organizermailMustBeTrueOr: {
    id: 'schema.messages.organizermailMustBeTrueOr',
    defaultMessage: 'organizerMail must be true or false',
  },
  messages_thanksWeLlEmailYou: {
    id: 'schema.messages.thanksWeLlEmailYou',
    defaultMessage:
      "Thanks! We'll email you once when passes go on sale. Every email has a one-click unsubscribe link.",
  },
  milestones_shopsMustBeAWhole: {
    id: 'schema.milestones.shopsMustBeAWhole',
    defaultMessage: 'Shops must be a whole number from 1 to {MILESTONE_MAX_SHOPS}.',
  },
  milestones_stockMustBeAWhole: {
    id: 'schema.milestones.stockMustBeAWhole',
    defaultMessage:
      'Stock must be a whole number from 1 to {MILESTONE_MAX_STOCK}, or left empty for no limit.',
  },
  milestones_rewardIsRequiredForExample: {
    id: 'schema.milestones.rewardIsRequiredForExample',
    defaultMessage: 'Reward is required (for example a pint glass).',
  },
  milestones_aRewardCanBeAt: {
    id: 'schema.milestones.aRewardCanBeAt',
    defaultMessage: 'A reward can be at most 80 characters.',
  },
  milestones_aPickUpCodeHas: {
    id: 'schema.milestones.aPickUpCodeHas',
    defaultMessage: 'A pick-up code has 6 letters and digits (for example K7QW2M).',
  },
  milestones_typeAPickUpCode: {
    id: 'schema.milestones.typeAPickUpCode',
    defaultMessage: 'Type a pick-up code, username or email.',
  },
  milestones_typeAtLeast2Characters: {
    id: 'schema.milestones.typeAtLeast2Characters',
    defaultMessage: 'Type at least 2 characters of a pick-up code, username or email.',
  },
  milestones_aSearchCanBeAt: {
    id: 'schema.milestones.aSearchCanBeAt',
    defaultMessage: 'A search can be at most 100 characters.',
  },
  params_invalidId: {
    id: 'schema.params.invalidId',
    defaultMessage: 'Invalid id',
  },
  payments_sessionIdIsRequired: {
    id: 'schema.payments.sessionIdIsRequired',
    defaultMessage: 'session_id is required',
  },
  payments_invalidSessionId: {
    id: 'schema.payments.invalidSessionId',
    defaultMessage: 'Invalid session_id',
  },
  payments_invalidCheckoutSession: {
    id: 'schema.payments.invalidCheckoutSession',
    defaultMessage: 'Invalid checkout session',
  },
  promoCodes_aPromoCodeHas4: {
    id: 'schema.promoCodes.aPromoCodeHas4',
    defaultMessage: 'A promo code has 4 to 32 letters, digits or dashes (for example SPRING-20).',
  },
  promoCodes_maxUsesMustBeA: {
    id: 'schema.promoCodes.maxUsesMustBeA',
    defaultMessage: 'Max uses must be a whole number from 1 to {PROMO_MAX_USES}.',
  },
  promoCodes_percentOffMustBeA: {
    id: 'schema.promoCodes.percentOffMustBeA',
    defaultMessage: 'Percent off must be a whole number from 1 to 100.',
  },
  promoCodes_amountOffMustBeA: {
    id: 'schema.promoCodes.amountOffMustBeA',
    defaultMessage: 'Amount off must be a whole number of cents, at least 1.',
  },
  promoCodes_giveExactlyOneOfPercent: {
    id: 'schema.promoCodes.giveExactlyOneOfPercent',
    defaultMessage: 'Give exactly one of percent off or amount off.',
  },
  promoCodes_thisPromoCodeIsNot: {
    id: 'schema.promoCodes.thisPromoCodeIsNot',
    defaultMessage: 'This promo code is not valid. Check it and try again.',
  },
  promoCodes_thisPromoCodeHasBeen: {
    id: 'schema.promoCodes.thisPromoCodeHasBeen',
    defaultMessage: 'This promo code has been used as many times as it allows.',
  },
  promoCodes_thisPromoCodeIsFor: {
    id: 'schema.promoCodes.thisPromoCodeIsFor',
    defaultMessage: 'This promo code is for another battle.',
  },
  promoCodes_aPromoCodeWithThis: {
    id: 'schema.promoCodes.aPromoCodeWithThis',
    defaultMessage: 'A promo code with this code already exists. Choose another code.',
  },
  redemption_invalidRedemptionCode: {
    id: 'schema.redemption.invalidRedemptionCode',
    defaultMessage: 'Invalid redemption code',
  },
  redemption_redemptionCodeIsRequired: {
    id: 'schema.redemption.redemptionCodeIsRequired',
    defaultMessage: 'Redemption code is required',
  },
  redemption_redemptionCodeMustBeExactly: {
    id: 'schema.redemption.redemptionCodeMustBeExactly',
    defaultMessage: 'Redemption code must be exactly 4 digits',
  },
  redemption_firstVisitMustBeTrue: {
    id: 'schema.redemption.firstVisitMustBeTrue',
    defaultMessage: 'First visit must be true or false',
  },
  redemption_enteredAtMustBeA: {
    id: 'schema.redemption.enteredAtMustBeA',
    defaultMessage: 'Entered at must be a date and time',
  },
  redemption_nonceMustBeText: {
    id: 'schema.redemption.nonceMustBeText',
    defaultMessage: 'Nonce must be text',
  },
  redemption_nonceMustBe8To: {
    id: 'schema.redemption.nonceMustBe8To',
    defaultMessage: 'Nonce must be 8 to 64 letters, digits or dashes',
  },
  redemption_aNonceIsOnlySent: {
    id: 'schema.redemption.aNonceIsOnlySent',
    defaultMessage: 'A nonce is only sent with enteredAt, for an offline redemption',
  },
  results_resultsArePublishedWhenThe: {
    id: 'schema.results.resultsArePublishedWhenThe',
    defaultMessage: 'Results are published when the battle ends',
  },
  settlement_chooseAShopToPay: {
    id: 'schema.settlement.chooseAShopToPay',
    defaultMessage: 'Choose a shop to pay',
  },
  settlement_amountMustBeAWhole: {
    id: 'schema.settlement.amountMustBeAWhole',
    defaultMessage: 'Amount must be a whole number of dollars',
  },
  settlement_amountMustBeAtLeast: {
    id: 'schema.settlement.amountMustBeAtLeast',
    defaultMessage: 'Amount must be at least {formatMoney}',
  },
  settlement_amountIsTooLarge: {
    id: 'schema.settlement.amountIsTooLarge',
    defaultMessage: 'Amount is too large',
  },
  settlement_noteMustBeText: {
    id: 'schema.settlement.noteMustBeText',
    defaultMessage: 'Note must be text',
  },
  settlement_noteIsTooLongAt: {
    id: 'schema.settlement.noteIsTooLongAt',
    defaultMessage: 'Note is too long (at most 500 characters)',
  },
  settlement_giveAReasonForVoiding: {
    id: 'schema.settlement.giveAReasonForVoiding',
    defaultMessage: 'Give a reason for voiding the payout',
  },
  settlement_reasonIsTooLongAt: {
    id: 'schema.settlement.reasonIsTooLongAt',
    defaultMessage: 'Reason is too long (at most 500 characters)',
  },
  shopImport_chooseACsvFileOf: {
    id: 'schema.shopImport.chooseACsvFileOf',
    defaultMessage: 'Choose a CSV file of shops',
  },
  shopImport_theCsvFileIsToo: {
    id: 'schema.shopImport.theCsvFileIsToo',
    defaultMessage: 'The CSV file is too large (at most 1 MB)',
  },
  shopImport_websiteMustBeAValid: {
    id: 'schema.shopImport.websiteMustBeAValid',
    defaultMessage: 'Website must be a valid web address',
  },
  shopImport_codeMustBe4Digits: {
    id: 'schema.shopImport.codeMustBe4Digits',
    defaultMessage:
      'Code must be 4 digits; a spreadsheet may have dropped a leading zero: write it as {padStart}',
  },
  shopImport_redemptionCodeIsAlreadyUsed: {
    id: 'schema.shopImport.redemptionCodeIsAlreadyUsed',
    defaultMessage: 'Redemption code {accepted} is already used by {takenBy}.',
  },
  shopImport_redemptionCodeIsAlsoOn: {
    id: 'schema.shopImport.redemptionCodeIsAlsoOn',
    defaultMessage: 'Redemption code {accepted} is also on line {earlierLine}.',
  },
  shopSide_codeRotationMustBeOff: {
    id: 'schema.shopSide.codeRotationMustBeOff',
    defaultMessage: 'Code rotation must be off, daily or hourly',
  },
  shopSide_thisShopLinkIsNot: {
    id: 'schema.shopSide.thisShopLinkIsNot',
    defaultMessage: 'This shop link is not valid.',
  },
  shopSide_pausedMustBeTrueOr: {
    id: 'schema.shopSide.pausedMustBeTrueOr',
    defaultMessage: 'Paused must be true or false',
  },
  textInput_mustNotContainTheNul: {
    id: 'schema.textInput.mustNotContainTheNul',
    defaultMessage: '{value} must not contain the NUL character (U+0000).',
  },
  translations_aTranslationIsNamedBy: {
    id: 'schema.translations.aTranslationIsNamedBy',
    defaultMessage: 'A translation is named by its language code, e.g. es',
  },
  translations_hoursLabelsMustBeA: {
    id: 'schema.translations.hoursLabelsMustBeA',
    defaultMessage:
      'Hours labels must be a JSON object of hours labels to their words in that language',
  },
  translations_tooManyLanguages: {
    id: 'schema.translations.tooManyLanguages',
    defaultMessage: 'Too many languages',
  },
  voting_chooseAShopToVote: {
    id: 'schema.voting.chooseAShopToVote',
    defaultMessage: 'Choose a shop to vote for',
  },
  vouchers_aVoucherCodeHas4: {
    id: 'schema.vouchers.aVoucherCodeHas4',
    defaultMessage:
      'A voucher code has 4 to 32 letters, digits or dashes (for example PRESS-2026).',
  },
  vouchers_maxUsesMustBeA: {
    id: 'schema.vouchers.maxUsesMustBeA',
    defaultMessage: 'Max uses must be a whole number from 1 to {VOUCHER_MAX_USES}.',
  },
  vouchers_tagIsRequiredForExample: {
    id: 'schema.vouchers.tagIsRequiredForExample',
    defaultMessage: 'Tag is required (for example press, judge or sponsor).',
  },
  vouchers_aTagCanBeAt: {
    id: 'schema.vouchers.aTagCanBeAt',
    defaultMessage: 'A tag can be at most 40 characters.',
  },
  vouchers_expiryMustBeADate: {
    id: 'schema.vouchers.expiryMustBeADate',
    defaultMessage: 'Expiry must be a date and time.',
  },
  vouchers_thisVoucherCodeIsNot: {
    id: 'schema.vouchers.thisVoucherCodeIsNot',
    defaultMessage: 'This voucher code is not valid. Check it and try again.',
  },
  vouchers_thisVoucherCodeHasBeen: {
    id: 'schema.vouchers.thisVoucherCodeHasBeen',
    defaultMessage: 'This voucher code has been used as many times as it allows.',
  },
  vouchers_thisVoucherCodeIsFor: {
    id: 'schema.vouchers.thisVoucherCodeIsFor',
    defaultMessage:
      'This voucher code is for another battle, not the one whose passes are on offer now.',
  },
  vouchers_youAlreadyHaveABattle: {
    id: 'schema.vouchers.youAlreadyHaveABattle',
    defaultMessage: 'You already have a battle pass for this battle, so the voucher was not used.',
  },
  vouchers_aVoucherWithThisCode: {
    id: 'schema.vouchers.aVoucherWithThisCode',
    defaultMessage: 'A voucher with this code already exists. Choose another code.',
  },
  vouchers_thisIsAFreePass: {
    id: 'schema.vouchers.thisIsAFreePass',
    defaultMessage:
      'This is a free pass from a voucher: in this battle it redeems coupons but does not vote.',
  },
  shopImport_textAfterQuote: {
    id: 'schema.shopImport.textAfterQuote',
    defaultMessage: 'The CSV file could not be read: line {line} has text after a closing quote.',
  },
  shopImport_quoteNeverClosed: {
    id: 'schema.shopImport.quoteNeverClosed',
    defaultMessage:
      'The CSV file could not be read: a quote opened on line {quoteLine} is never closed.',
  },
  shopImport_unknownColumn: {
    id: 'schema.shopImport.unknownColumn',
    defaultMessage:
      'Unknown column {join}. The columns are: {join2}, and name_xx, description_xx for another language (e.g. name_es).',
  },
  shopImport_noShops: {
    id: 'schema.shopImport.noShops',
    defaultMessage: 'The CSV file has no shops: a header line and one line per shop.',
  },
  shopImport_needsColumns: {
    id: 'schema.shopImport.needsColumns',
    defaultMessage: 'The CSV file needs the columns {join}.',
  },
  shopImport_atMostRows: {
    id: 'schema.shopImport.atMostRows',
    defaultMessage: 'At most {MAX_IMPORT_ROWS} shops can be imported at once.',
  },
  shopImport_fieldCount: {
    id: 'schema.shopImport.fieldCount',
    defaultMessage:
      'The CSV file could not be read: line {line} has {length} fields but the header has {length2}.',
  },
  shopImport_lineMessage: {
    id: 'schema.shopImport.lineMessage',
    defaultMessage: 'Line {line}: {message}',
  },
  shopImport_hoursCannotBeRead: {
    id: 'schema.shopImport.hoursCannotBeRead',
    defaultMessage:
      'Line {line}: the hours "{part}" cannot be read. Write them as the shop dialog shows them, e.g. {HOURS_WORDS_EXAMPLE}',
  },
  translations_richTextTooLong: {
    id: 'schema.translations.richTextTooLong',
    defaultMessage: 'The rich-text description is too long',
  },
  translations_specialtiesTooLong: {
    id: 'schema.translations.specialtiesTooLong',
    defaultMessage: 'Specialties are too long',
  },
  translations_hoursLabelsTooLong: {
    id: 'schema.translations.hoursLabelsTooLong',
    defaultMessage: 'Hours labels are too long',
  },
  translations_prizeTooLong: {
    id: 'schema.translations.prizeTooLong',
    defaultMessage: 'Prize is too long',
  },
});

/**
 * The web app's own form schemas' words (a form's own fields, e.g. the draw and payout forms),
 * and zod's English where a schema gives none (the shapes scripts/api-messages.mjs lists in
 * ZOD_DEFAULTS, the types' names among them, with the API catalog's Spanish): found by the same
 * lookup, so every form's validation speaks the page's language.
 */
export const formMessages = defineMessages({
  endDateAfterStart: {
    id: 'form.endDateAfterStart',
    defaultMessage: 'End date must be after the start date',
  },
  drawShops: {
    id: 'form.drawShops',
    defaultMessage: 'Shops must be a whole number from 1 to {MAX_DRAW_SHOPS}',
  },
  zod_invalidInput: {
    id: 'form.zod.invalidInput',
    defaultMessage: 'Invalid input',
  },
  zod_invalidInputExpectedReceived: {
    id: 'form.zod.invalidInputExpectedReceived',
    defaultMessage: 'Invalid input: expected {expected}, received {received}',
  },
  zod_invalidInputExpected: {
    id: 'form.zod.invalidInputExpected',
    defaultMessage: 'Invalid input: expected {value}',
  },
  zod_invalidOptionExpectedOneOf: {
    id: 'form.zod.invalidOptionExpectedOneOf',
    defaultMessage: 'Invalid option: expected one of {values}',
  },
  zod_tooSmallExpectedStringToHaveAtLeast: {
    id: 'form.zod.tooSmallExpectedStringToHaveAtLeast',
    defaultMessage: 'Too small: expected string to have >={minimum} characters',
  },
  zod_tooBigExpectedStringToHaveAtMost: {
    id: 'form.zod.tooBigExpectedStringToHaveAtMost',
    defaultMessage: 'Too big: expected string to have <={maximum} characters',
  },
  zod_tooSmallExpectedArrayToHaveAtLeast: {
    id: 'form.zod.tooSmallExpectedArrayToHaveAtLeast',
    defaultMessage: 'Too small: expected array to have >={minimum} items',
  },
  zod_tooBigExpectedArrayToHaveAtMost: {
    id: 'form.zod.tooBigExpectedArrayToHaveAtMost',
    defaultMessage: 'Too big: expected array to have <={maximum} items',
  },
  zod_tooSmallExpectedNumberToBeAtLeast: {
    id: 'form.zod.tooSmallExpectedNumberToBeAtLeast',
    defaultMessage: 'Too small: expected number to be >={minimum}',
  },
  zod_tooSmallExpectedNumberToBeAbove: {
    id: 'form.zod.tooSmallExpectedNumberToBeAbove',
    defaultMessage: 'Too small: expected number to be >{minimum}',
  },
  zod_tooBigExpectedNumberToBeAtMost: {
    id: 'form.zod.tooBigExpectedNumberToBeAtMost',
    defaultMessage: 'Too big: expected number to be <={maximum}',
  },
  zod_tooBigExpectedNumberToBeBelow: {
    id: 'form.zod.tooBigExpectedNumberToBeBelow',
    defaultMessage: 'Too big: expected number to be <{maximum}',
  },
  zod_invalidStringMustMatchPattern: {
    id: 'form.zod.invalidStringMustMatchPattern',
    defaultMessage: 'Invalid string: must match pattern {pattern}',
  },
  zod_invalidEmailAddress: {
    id: 'form.zod.invalidEmailAddress',
    defaultMessage: 'Invalid email address',
  },
  zod_invalidURL: {
    id: 'form.zod.invalidURL',
    defaultMessage: 'Invalid URL',
  },
  zod_invalidISODatetime: {
    id: 'form.zod.invalidISODatetime',
    defaultMessage: 'Invalid ISO datetime',
  },
  zod_invalidISODate: {
    id: 'form.zod.invalidISODate',
    defaultMessage: 'Invalid ISO date',
  },
  zod_invalidNumberMustBeAMultiple: {
    id: 'form.zod.invalidNumberMustBeAMultiple',
    defaultMessage: 'Invalid number: must be a multiple of {divisor}',
  },
  zod_unrecognizedKey: {
    id: 'form.zod.unrecognizedKey',
    defaultMessage: 'Unrecognized key: {key}',
  },
  zod_unrecognizedKeys: {
    id: 'form.zod.unrecognizedKeys',
    defaultMessage: 'Unrecognized keys: {keys}',
  },
  zod_typeString: {
    id: 'form.zod.typeString',
    defaultMessage: 'string',
  },
  zod_typeNumber: {
    id: 'form.zod.typeNumber',
    defaultMessage: 'number',
  },
  zod_typeInt: {
    id: 'form.zod.typeInt',
    defaultMessage: 'int',
  },
  zod_typeBoolean: {
    id: 'form.zod.typeBoolean',
    defaultMessage: 'boolean',
  },
  zod_typeObject: {
    id: 'form.zod.typeObject',
    defaultMessage: 'object',
  },
  zod_typeArray: {
    id: 'form.zod.typeArray',
    defaultMessage: 'array',
  },
  zod_typeUndefined: {
    id: 'form.zod.typeUndefined',
    defaultMessage: 'undefined',
  },
  zod_typeNull: {
    id: 'form.zod.typeNull',
    defaultMessage: 'null',
  },
  zod_typeNaN: {
    id: 'form.zod.typeNaN',
    defaultMessage: 'NaN',
  },
});

const find = messageFinder<MessageDescriptor & { id: string }>(
  [...Object.values(schemaMessages), ...Object.values(formMessages)].map(
    (message) => [message.defaultMessage, message] as const,
  ),
);

/**
 * A shared message in the page's language: its translation, with the values the English was
 * built from (each itself translated when it is a message too, 'Line 3: Hours must be …'); any
 * other text, and a message the page's catalog does not translate, as it is.
 */
export function schemaMessageIn(intl: IntlShape, english: string): string {
  const found = find(english);
  if (!found || !(found.entry.id in intl.messages)) return english;
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [name, schemaMessageIn(intl, value)]),
  );
  return intl.formatMessage(found.entry, values);
}
