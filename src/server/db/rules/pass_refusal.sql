-- docs/RULES.md rules 2 and 3, decided once for every rule that redeems or votes: a pass acts only
-- while it is active (not refunded or disputed) and its challenge runs. Null when it may act; else
-- the refusal ('refused' with reason inactive, upcoming or ended, and what wording it needs), which
-- src/server/passes/refusal.ts words in the challenge's time zone.
CREATE OR REPLACE FUNCTION public.pass_refusal(p_pass passes, p_challenge challenges, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE
    WHEN NOT p_pass.active THEN jsonb_build_object('outcome', 'refused', 'reason', 'inactive', 'inactiveReason', p_pass.inactive_reason)
    WHEN challenge_phase(p_challenge.start_date, p_challenge.end_date, p_now) <> 'running' THEN jsonb_build_object(
      'outcome', 'refused',
      'reason', challenge_phase(p_challenge.start_date, p_challenge.end_date, p_now),
      'challengeTitle', p_challenge.title,
      'startDate', p_challenge.start_date,
      'endDate', p_challenge.end_date,
      'timeZone', p_challenge.time_zone)
  END
$function$
