import type { ChallengeDto } from '#shared/challenges.ts';
import type { Challenge } from '../db/schema.ts';

export function toChallengeDto(challenge: Challenge): ChallengeDto {
  return {
    id: challenge.id,
    title: challenge.title,
    description: challenge.description,
    startDate: challenge.startDate.toISOString(),
    endDate: challenge.endDate.toISOString(),
    price: challenge.price,
    active: challenge.active,
    theme: challenge.theme,
    votesPerShop: challenge.votesPerShop,
  };
}
